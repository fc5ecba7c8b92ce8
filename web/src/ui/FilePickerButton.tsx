import type { ReactNode } from 'react';

interface FilePickerButtonProps {
  id: string;
  /** The button's text, already translated (the browser's own "Choose File" is not). */
  children: ReactNode;
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  accept?: string;
  disabled?: boolean;
  variant?: string;
  size?: 'sm' | 'lg';
  describedBy?: string;
  testId?: string;
}

/**
 * A file input shown as a Bootstrap button in the page's language. The input stays in the page
 * (visually hidden, still focusable and labelled by the button), so keyboards and tests reach it.
 * The same files can be chosen again: the input is emptied after each choice.
 */
export function FilePickerButton({
  id,
  children,
  onFiles,
  multiple = false,
  accept,
  disabled = false,
  variant = 'outline-primary',
  size,
  describedBy,
  testId,
}: FilePickerButtonProps) {
  return (
    <span className="tales-file-picker">
      <input
        id={id}
        type="file"
        className="visually-hidden"
        multiple={multiple}
        accept={accept}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
        data-testid={testId}
      />
      <label htmlFor={id} className={`btn btn-${variant}${size ? ` btn-${size}` : ''}${disabled ? ' disabled' : ''} mb-0`}>
        {children}
      </label>
    </span>
  );
}
