import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { uploadEditorImage } from '@/api/uploadEditorImage';
import { useOpenComposer } from './openComposer';

const RichTextEditor = lazy(() => import('@/ui/RichTextEditor/RichTextEditor'));

interface CommentFormProps {
  /** The body the editor opens with: '' for a new comment, the current body when editing. */
  initial: string;
  label: string;
  placeholder?: string;
  submitLabel: string;
  pending: boolean;
  /** Resolves true when the server took it; the form then empties (a new comment) or closes (an edit). */
  onSubmit: (body: string) => Promise<boolean>;
  /** Editing: leave without saving (the shown body was never touched, so the previous one stays). */
  onCancel?: () => void;
  testId: string;
}

/**
 * The comment composer, for a new comment, a reply or an edit: a light editor (bold, italic, link,
 * image) that is one line high until it takes the cursor, then grows and shows its tools and
 * buttons. One composer of a thread is open at a time; an edit opens as it appears.
 */
export function CommentForm({ initial, label, placeholder, submitLabel, pending, onSubmit, onCancel, testId }: CommentFormProps) {
  const { t } = useTranslation();
  const [body, setBody] = useState(initial);
  const id = useId();
  const composer = useOpenComposer(id);
  const formRef = useRef<HTMLFormElement>(null);
  const empty = body.trim() === '';
  const editing = onCancel !== undefined;
  const { open, close } = composer;

  // an edit is opened on purpose: it is the open composer from the start, and stops being one when it goes
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount and unmount only; open and close are new each render
  useEffect(() => {
    if (editing) open();
    return close;
  }, []);

  const submit = async () => {
    if (empty || pending) return;
    if ((await onSubmit(body)) && !editing) setBody('');
  };

  return (
    <Form
      ref={formRef}
      // takes the focus when Cancel folds it, so the keyboard goes on from here
      tabIndex={-1}
      className="tales-comment-form mt-2"
      aria-label={label}
      data-testid={testId}
      data-open={composer.isOpen ? '1' : '0'}
      onFocus={(e) => {
        // the text taking the cursor opens it; Save or Cancel under a folded edit do not (the tools
        // appearing would move the button from under the pointer before the click)
        if (!composer.isOpen && e.target instanceof Element && e.target.closest('.tales-editor')) open();
      }}
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
          <div className="border rounded p-2 text-body-secondary small">
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
          placeholder={placeholder ?? label}
          toolbar={composer.isOpen ? 'light' : 'none'}
          minHeight={composer.isOpen ? 96 : 0}
          autoFocus={editing}
          uploadImage={uploadEditorImage}
        />
      </Suspense>
      {(composer.isOpen || editing) && (
        <div className="d-flex gap-2 mt-2">
          <Button type="submit" size="sm" variant="primary" disabled={empty || pending}>
            {pending && <Spinner animation="border" size="sm" className="me-1" />}
            {submitLabel}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline-secondary"
            disabled={pending}
            onClick={() => {
              if (onCancel) {
                onCancel();
                return;
              }
              setBody('');
              close();
              formRef.current?.focus();
            }}
          >
            {t('comments.cancel')}
          </Button>
        </div>
      )}
    </Form>
  );
}
