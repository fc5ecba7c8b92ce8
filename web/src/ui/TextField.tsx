import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FieldErrorText } from './FieldErrorText';

interface TextFieldProps {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  hint?: ReactNode;
  autoFocus?: boolean;
  inputMode?: 'numeric' | 'text' | 'email';
}

/** A labelled input bound to react-hook-form with its error shown beneath. */
export function TextField({ id, label, registration, error, type = 'text', autoComplete, hint, autoFocus, inputMode }: TextFieldProps) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputMode={inputMode}
        isInvalid={!!error}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined}
        {...registration}
      />
      <FieldErrorText error={error} id={`${id}-error`} />
      {hint && (
        <Form.Text id={`${id}-hint`} muted>
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}
