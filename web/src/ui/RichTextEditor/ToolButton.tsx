import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { Icon, type IconName } from './icons';

export type ToolButtonProps = {
  label: string;
  /** One of the tools a narrow toolbar keeps behind 'More tools'. */
  extra?: boolean;
  /** A button that shows and hides something (aria-expanded) rather than a state it toggles (aria-pressed). */
  expanded?: boolean;
  className?: string;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
  icon?: IconName;
  children?: ReactNode;
  testId: string;
};

export function ToolButton({ label, extra, expanded, className, onClick, active, disabled, icon, children, testId }: ToolButtonProps) {
  return (
    <Button
      size="sm"
      variant="light"
      className={`tales-editor-btn${extra ? ' tales-editor-extra' : ''}${className ? ` ${className}` : ''}`}
      active={active}
      disabled={disabled}
      title={label}
      aria-label={label}
      aria-pressed={active === undefined || expanded !== undefined ? undefined : active}
      aria-expanded={expanded}
      data-testid={testId}
      // Keeps the caret and selection in the editing area while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {icon ? <Icon name={icon} /> : children}
    </Button>
  );
}

export function Group({ children, extra }: { children: ReactNode; extra?: boolean }) {
  return <div className={`btn-group tales-editor-group${extra ? ' tales-editor-extra' : ''}`}>{children}</div>;
}
