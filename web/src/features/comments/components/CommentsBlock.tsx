import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLoggedIn } from '@common/abilities';
import { can } from '@common/policies';
import { appRoutes } from '@common/routes';
import type { Tale } from '@common/schemas/tale';
import { isSuccess } from '@/api/client';
import { type CommentsStart, commentQueries } from '@/api/comments';
import { taleQueries } from '@/api/tales';
import { useCurrentUser } from '@/lib/currentUser';
import { Paginator } from '@/ui/Paginator';
import { useAddComment } from '../api/addComment';
import type { ThreadPlace } from '../api/threadCache';
import { useThreadParams } from '../hooks/useThreadParams';
import { CommentForm } from './CommentForm';
import { CommentItem } from './CommentItem';
import { LoadingRow } from '@/ui/LoadingRow';

/**
 * The collapsible list of direct replies to `tale`: the comments of a post, or the replies to a
 * level-1 comment. It opens at the newest page; 'Earlier comments' prepends the page before the
 * first one shown, the paginator's 'More' appends the page after the last one shown, a page number
 * shows that page alone, and 'All' shows everything.
 */
export function CommentsBlock({
  tale,
  post,
  renderLike,
  renderHistory,
}: {
  tale: Tale;
  post: Tale | null;
  renderLike?: (comment: Tale) => ReactNode;
  renderHistory?: (comment: Tale) => ReactNode;
}) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const listId = useId();
  const { expand, highlight, showAll } = useThreadParams();

  const isPostBlock = tale.level === 0;
  const isOpenedBranch = !isPostBlock && expand === tale.id;
  // a notification link narrows the post's list to one branch
  const narrowTo = isPostBlock ? expand : null;
  // the lit reply may be on any page of its branch, so that branch is shown whole
  const firstStart: CommentsStart = isOpenedBranch && highlight != null && highlight !== tale.id ? 'all' : 'last';

  const [open, setOpen] = useState(isPostBlock || isOpenedBranch);
  const [start, setStart] = useState<CommentsStart>(firstStart);
  const [seen, setSeen] = useState({ expand, highlight });
  if (seen.expand !== expand || seen.highlight !== highlight) {
    // another notification link (or 'Show all comments') while the page stays: start again
    setSeen({ expand, highlight });
    setStart(firstStart);
    if (isOpenedBranch) setOpen(true);
  }

  const rootId = isPostBlock ? tale.id : (tale.root_tale_id ?? tale.answer_to_tale_id ?? tale.id);
  // a replies block shown without its post reads the post for its rules
  const loadedPost = useQuery({ ...taleQueries.one(rootId), enabled: !post }).data ?? null;
  const rootPost = post ?? loadedPost;

  const pages = useInfiniteQuery({ ...commentQueries.thread({ parentId: tale.id, expand: narrowTo, start }), enabled: open });
  const loaded = pages.data?.pages ?? [];
  const comments: Tale[] = [];
  const seenIds = new Set<number>();
  for (const p of loaded) {
    for (const c of p.tales) {
      if (!seenIds.has(c.id)) comments.push(c);
      seenIds.add(c.id);
    }
  }
  const lastPage = loaded.at(-1)?.pagination;
  const firstPage = loaded[0]?.pagination;
  const everythingShown =
    !firstPage || !lastPage || (firstPage.pageCurrentNumber <= 1 && lastPage.pageCurrentNumber >= lastPage.pagesTotal);

  // the post is the tale's cache entry, read again after our own writes: its comment count is exact
  const count = isPostBlock ? tale.count_root_tale_id : lastPage && narrowTo == null ? lastPage.rowsTotal : tale.count_answer_to_tale_id;

  const place: ThreadPlace = { parentId: tale.id, grandParentId: isPostBlock ? null : tale.answer_to_tale_id, rootId };
  const add = useAddComment(place);
  // Spec section 5: the thread is open and the policy lets this reader comment under the post.
  const canWrite = open && rootPost !== null && can.comment(user, rootPost);

  const toggle = (
    <Button
      variant="link"
      size={isPostBlock ? undefined : 'sm'}
      className={`tales-comments-toggle px-0 text-decoration-none${isPostBlock ? ' fs-5 fw-semibold' : ''}`}
      aria-expanded={open}
      aria-controls={listId}
      onClick={() => setOpen((o) => !o)}
      data-testid="comments-toggle"
    >
      <span className="tales-comments-caret" aria-hidden="true">
        {open ? '▾' : '▸'}
      </span>{' '}
      {t(isPostBlock ? 'comments.comments' : 'comments.replies', { count })}
    </Button>
  );

  return (
    <section
      className={`tales-comments tales-comments-level-${tale.level}${isPostBlock ? ' mt-4' : ' mt-1'}`}
      data-testid={isPostBlock ? 'comments' : 'replies'}
      data-parent-id={tale.id}
    >
      {toggle}
      {open && (
        <div id={listId} className={isPostBlock ? 'mt-2' : 'tales-replies ps-3'}>
          {isPostBlock && rootPost?.is_comment_for_owner === 1 && (
            <p className="text-body-secondary small mb-2" data-testid="comments-owner-only">
              {t('comments.ownerOnly')}
            </p>
          )}
          {isPostBlock && rootPost?.is_comment_denied === 1 && (
            <p className="text-body-secondary small mb-2" data-testid="comments-denied">
              {t('comments.denied')}
            </p>
          )}
          {narrowTo != null && (
            <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2 py-2 small">
              <span>{t('comments.branchOnly')}</span>
              <Button variant="link" size="sm" className="p-0 align-baseline" onClick={showAll} data-testid="comments-show-all">
                {t('comments.showAll')}
              </Button>
            </Alert>
          )}
          {pages.hasPreviousPage && (
            <Button
              size="sm"
              variant="outline-secondary"
              className="mb-2"
              disabled={pages.isFetchingPreviousPage}
              onClick={() => void pages.fetchPreviousPage()}
              aria-label={t('comments.earlierLabel', { count: firstPage?.pageSize ?? 0 })}
              data-testid="comments-earlier"
            >
              {t('comments.earlier', { count: firstPage?.pageSize ?? 0 })}
            </Button>
          )}
          {pages.isPending ? (
            <LoadingRow label={t('comments.loading')} />
          ) : comments.length === 0 ? (
            isPostBlock && <p className="text-body-secondary small mb-2">{t('comments.noComments')}</p>
          ) : (
            <div className="tales-comment-list" data-testid={isPostBlock ? 'comment-list' : 'reply-list'}>
              {comments.map((c) => (
                <CommentItem
                  key={c.id}
                  comment={c}
                  place={place}
                  highlighted={c.id === highlight}
                  like={renderLike?.(c)}
                  history={renderHistory?.(c)}
                  replies={(parent) => (
                    <CommentsBlock tale={parent} post={rootPost} renderLike={renderLike} renderHistory={renderHistory} />
                  )}
                />
              ))}
            </div>
          )}
          {lastPage && !everythingShown && (
            <Paginator
              className="my-2"
              pagination={lastPage}
              onPage={(p) => setStart(p)}
              onMore={() => void pages.fetchNextPage()}
              onAll={() => setStart('all')}
            />
          )}
          {canWrite && (
            <CommentForm
              initial=""
              label={isPostBlock ? t('comments.newComment') : t('comments.newReply')}
              placeholder={isPostBlock ? t('comments.commentPlaceholder') : t('comments.replyPlaceholder')}
              submitLabel={isPostBlock ? t('comments.add') : t('comments.addReply')}
              pending={add.isPending}
              testId={isPostBlock ? 'comment-form' : 'reply-form'}
              onSubmit={async (body) => {
                const env = await add.mutateAsync({ answerTo: tale.id, body }).catch(() => null);
                const ok = isSuccess(env);
                if (ok) setStart('last');
                return ok;
              }}
            />
          )}
          {open && !isLoggedIn(user) && (
            <p className="small text-body-secondary mt-2 mb-0" data-testid="comments-login">
              <Trans
                t={t}
                i18nKey="comments.loginToComment"
                components={{ login: <Link to={appRoutes.login} />, register: <Link to={appRoutes.register} /> }}
              />
            </p>
          )}
        </div>
      )}
    </section>
  );
}
