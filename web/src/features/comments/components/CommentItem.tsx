import { type ReactNode, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '@/ui/RelativeTime';
import { EditedMark } from '@/ui/tale/EditedMark';
import { displayName } from '@/lib/names';
import { Link } from 'react-router';
import { can } from '@common/policies';
import { appRoutes } from '@common/routes';
import type { Tale } from '@common/schemas/tale';
import { isSuccess } from '@/api/client';
import { useCurrentUser } from '@/lib/currentUser';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { UserAvatar } from '@/ui/UserAvatar';
import { useDeleteComment } from '../api/deleteComment';
import { useEditComment } from '../api/editComment';
import type { ThreadPlace } from '../api/threadCache';
import { CommentForm } from './CommentForm';

interface CommentItemProps {
  comment: Tale;
  place: ThreadPlace;
  highlighted: boolean;
  /**
   * The replies under a level-1 comment. The block that lists comments passes itself in, so the
   * two components, each using the other, do not import each other.
   */
  replies: (comment: Tale) => ReactNode;
  /** The comment's like button, composed by the page (app/routes) from the likes feature. */
  like?: ReactNode;
  /** Its edit history, for its author and staff, composed by the page from the history feature. */
  history?: ReactNode;
}

/** One comment: author, date, body, like, edit and delete for its owner and staff, and its replies. */
export function CommentItem({ comment, place, highlighted, replies, like, history }: CommentItemProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditComment(place);
  const remove = useDeleteComment(place);
  const ref = useRef<HTMLDivElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // an edit saved or cancelled gives the keyboard back to the Edit button it started from
  const [returnFocus, setReturnFocus] = useState(false);
  useEffect(() => {
    if (!editing && returnFocus) {
      editButton.current?.focus();
      setReturnFocus(false);
    }
  }, [editing, returnFocus]);
  const stopEditing = () => {
    setEditing(false);
    setReturnFocus(true);
  };

  // a notification link leads here: bring the comment into view once
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);

  const mayChange = can.editComment(user, comment);
  const name = displayName(t, { firstname: comment.owner_firstname, lastname: comment.owner_lastname }, comment.owner_id);
  const profile = appRoutes.profileOf(comment.owner_id);

  return (
    <article
      id={`comment-${comment.id}`}
      className="tales-comment py-2"
      data-testid="comment"
      data-comment-id={comment.id}
      data-highlighted={highlighted ? '1' : undefined}
    >
      {/* only the comment itself is lit, not the replies under it */}
      <div ref={ref} className={`tales-comment-main d-flex gap-2${highlighted ? ' tales-comment-highlight' : ''}`}>
        <Link to={profile} className="flex-shrink-0" tabIndex={-1} aria-hidden="true">
          <UserAvatar src={comment.owner_emblem} size={comment.level > 1 ? 32 : 40} />
        </Link>
        <div className="flex-grow-1 min-w-0">
          <header className="d-flex flex-wrap align-items-baseline gap-2 small">
            <Link to={profile} className="fw-semibold text-break text-decoration-none" data-testid="comment-author">
              {name}
            </Link>
            <RelativeTime className="text-body-secondary" unixSeconds={comment.publish_at || comment.created_at} />
            <EditedMark editedAt={comment.edited_at} />
          </header>
          {editing ? (
            <CommentForm
              initial={comment.body}
              label={t('comments.editing')}
              submitLabel={t('comments.save')}
              pending={edit.isPending}
              testId="comment-edit-form"
              onCancel={stopEditing}
              onSubmit={async (body) => {
                const env = await edit.mutateAsync({ id: comment.id, body }).catch(() => null);
                const ok = isSuccess(env);
                if (ok) stopEditing();
                return ok;
              }}
            />
          ) : (
            <div
              className="tales-rich-text tales-comment-body text-break"
              data-testid="comment-body"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the body is sanitised by the server against the editor's allowlist
              dangerouslySetInnerHTML={{ __html: comment.body }}
            />
          )}
          <div className="d-flex flex-wrap align-items-center gap-1 mt-1">
            {like}
            {mayChange && !editing && (
              <>
                <Button ref={editButton} size="sm" variant="link" className="py-0 px-1" onClick={() => setEditing(true)}>
                  {t('comments.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="link"
                  className="py-0 px-1 link-danger"
                  disabled={remove.isPending}
                  onClick={() => setConfirming(true)}
                >
                  {t('comments.delete')}
                </Button>
              </>
            )}
            {!editing && history}
          </div>
        </div>
      </div>
      {comment.level === 1 && <div className="tales-comment-thread">{replies(comment)}</div>}
      <ConfirmDialog
        show={confirming}
        title={t('comments.deleteTitle')}
        body={t('comments.sure')}
        confirmLabel={t('comments.delete')}
        cancelLabel={t('comments.cancel')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(comment.id);
        }}
      />
    </article>
  );
}
