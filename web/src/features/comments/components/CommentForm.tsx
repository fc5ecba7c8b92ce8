import { lazy, Suspense, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { uploadEditorImage } from '@/api/uploadEditorImage';

const RichTextEditor = lazy(() => import('@/ui/RichTextEditor/RichTextEditor'));

interface CommentFormProps {
  /** The body the editor opens with: '' for a new comment, the current body when editing. */
  initial: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  /** Resolves true when the server took it; the form then empties (a new comment) or closes (an edit). */
  onSubmit: (body: string) => Promise<boolean>;
  /** Editing: leave without saving (the shown body was never touched, so the previous one stays). */
  onCancel?: () => void;
  testId: string;
}

/** The rich-text editor with send and cancel, for a new comment, a reply or an edit. */
export function CommentForm({ initial, label, submitLabel, pending, onSubmit, onCancel, testId }: CommentFormProps) {
  const { t } = useTranslation();
  const [body, setBody] = useState(initial);
  const id = useId();
  const empty = body.trim() === '';

  const submit = async () => {
    if (empty || pending) return;
    if ((await onSubmit(body)) && !onCancel) setBody('');
  };

  return (
    <Form
      className="tales-comment-form mt-2"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Form.Label htmlFor={id} className="visually-hidden">
        {label}
      </Form.Label>
      <Suspense
        fallback={
          <div className="border rounded p-3 text-body-secondary small">
            <Spinner animation="border" size="sm" className="me-2" />
            {t('comments.loading')}
          </div>
        }
      >
        <RichTextEditor
          value={body}
          onChange={setBody}
          id={id}
          ariaLabel={label}
          placeholder={label}
          minHeight={90}
          uploadImage={uploadEditorImage}
        />
      </Suspense>
      <div className="d-flex gap-2 mt-2">
        <Button type="submit" size="sm" variant="primary" disabled={empty || pending}>
          {pending && <Spinner animation="border" size="sm" className="me-1" />}
          {submitLabel}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline-secondary"
          disabled={pending || (!onCancel && empty)}
          onClick={() => {
            if (onCancel) onCancel();
            else setBody('');
          }}
        >
          {t('comments.cancel')}
        </Button>
      </div>
    </Form>
  );
}
