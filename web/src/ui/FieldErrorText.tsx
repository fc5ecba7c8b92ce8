import { Form } from 'react-bootstrap';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/i18n/translateMessage';
import { decodeFieldMessage } from '@/lib/forms';

/**
 * The translated error under a form field (client schema or server field message). `standalone`
 * shows it also where no invalid input sits beside it (date picker, editor). With `id`, the field
 * names it in aria-describedby, so a screen reader reads the error with the field.
 */
export function FieldErrorText({ error, standalone = false, id }: { error: FieldError | undefined; standalone?: boolean; id?: string }) {
  const { i18n } = useTranslation();
  const m = decodeFieldMessage(error?.message);
  if (!m) return null;
  return (
    <Form.Control.Feedback type="invalid" id={id} className={standalone ? 'd-block' : undefined}>
      {translateMessage(i18n, m)}
    </Form.Control.Feedback>
  );
}
