import { type ReactNode, type SyntheticEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from 'react-i18next';
import type { UrlProblem } from './rules';

export type UrlPanelProps = {
  /** Label above the URL field. */
  label: string;
  initialUrl?: string;
  submitLabel: string;
  /** Returns the problem to show under the field, or null when the URL was taken. */
  onSubmit: (url: string, alt: string) => UrlProblem | null;
  onCancel: () => void;
  /** Shows an "alternative text" field (images). */
  withAlt?: boolean;
  /** Extra controls under the field (remove link, upload). */
  children?: ReactNode;
  /** A problem raised outside the form (a failed upload). */
  externalError?: string | null;
  testId: string;
};

/**
 * The small inline dialog under the toolbar where link, image and media URLs are typed. It is a
 * fieldset, not a form: the editor usually sits inside the tale's form, and forms must not nest.
 */
export function UrlPanel({
  label,
  initialUrl = '',
  submitLabel,
  onSubmit,
  onCancel,
  withAlt,
  children,
  externalError,
  testId,
}: UrlPanelProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(initialUrl);
  const [alt, setAlt] = useState('');
  const [problem, setProblem] = useState<UrlProblem | null>(null);
  const fieldId = useId();
  const altId = useId();
  const errorId = useId();
  const error = problem ? t(`editor.${problem}`) : (externalError ?? null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setProblem(onSubmit(url, alt));
  };

  return (
    <fieldset
      className="tales-editor-panel"
      aria-label={label}
      data-testid={testId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        } else if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
          submit(event);
        }
      }}
    >
      <Form.Label htmlFor={fieldId} className="small mb-1">
        {label}
      </Form.Label>
      <InputGroup size="sm" hasValidation>
        <Form.Control
          id={fieldId}
          type="text"
          inputMode="url"
          autoComplete="off"
          autoFocus
          value={url}
          isInvalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setUrl(event.target.value);
            setProblem(null);
          }}
        />
        <Button type="button" variant="primary" onClick={submit}>
          {submitLabel}
        </Button>
        <Button type="button" variant="outline-secondary" onClick={onCancel}>
          {t('editor.cancel')}
        </Button>
        <Form.Control.Feedback type="invalid" id={errorId} role="alert">
          {error}
        </Form.Control.Feedback>
      </InputGroup>
      {withAlt && (
        <Form.Control
          id={altId}
          className="mt-2"
          size="sm"
          type="text"
          placeholder={t('editor.imageAlt')}
          aria-label={t('editor.imageAlt')}
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
        />
      )}
      {children && <div className="d-flex flex-wrap gap-2 mt-2">{children}</div>}
    </fieldset>
  );
}
