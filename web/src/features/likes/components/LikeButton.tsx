import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '@common/abilities';
import { warn } from '@common/messages';
import type { Tale } from '@common/schemas/tale';
import { useCurrentUser } from '@/lib/currentUser';
import { pushMessages } from '@/lib/messageQueue';
import { useProcessLike } from '../api/processLike';

/** The client-side alert of spec section 5; it is a message template, so it is also its translation key. */
const LIKE_NEEDS_LOGIN = 'Only logged-in users are allowed to like :-)';

// The likers' modal (and react-bootstrap's Modal with it) loads on the first click on a count,
// never with the feed.
const LikersModal = lazy(() => import('./LikersModal'));

/**
 * The like button of a tale or comment with its count. A visitor gets the alert of spec section 5;
 * a user's click is sent, and the server's answer is written into the query cache, which the
 * `tale` given here comes from (no local toggling, no count of its own). The count opens the
 * Likers modal when there is at least one like.
 */
export function LikeButton({ tale }: { tale: Pick<Tale, 'id' | 'count_like' | 'current_user_liked' | 'type'> }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const like = useProcessLike(tale.id);
  const [showLikers, setShowLikers] = useState(false);
  // mounted from the first opening on, so it can close with its animation and reset its page
  const [likersOpened, setLikersOpened] = useState(false);

  const shown = { count: tale.count_like, liked: tale.current_user_liked === 1 };
  const onLike = () => {
    if (!isLoggedIn(user)) {
      pushMessages([warn(LIKE_NEEDS_LOGIN)]);
      return;
    }
    like.mutate();
  };

  return (
    <span className="tales-like d-inline-flex align-items-center" data-testid="like" data-tale-id={tale.id}>
      <Button
        size="sm"
        variant={shown.liked ? 'danger' : 'outline-danger'}
        className="tales-like-button rounded-pill px-2 py-0"
        aria-pressed={shown.liked}
        aria-label={shown.liked ? t('likes.unlike') : t('likes.like')}
        title={shown.liked ? t('likes.unlike') : t('likes.like')}
        disabled={like.isPending}
        onClick={onLike}
      >
        <span aria-hidden="true">{shown.liked ? '♥' : '♡'}</span>
      </Button>
      <Button
        size="sm"
        variant="link"
        className="tales-like-count px-1 py-0 text-decoration-none"
        aria-label={shown.count > 0 ? t('likes.likes', { count: shown.count }) : t('likes.noLikes')}
        title={shown.count > 0 ? t('likes.likes', { count: shown.count }) : t('likes.noLikes')}
        disabled={shown.count < 1}
        onClick={() => {
          setLikersOpened(true);
          setShowLikers(true);
        }}
        data-testid="like-count"
      >
        {shown.count}
      </Button>
      {shown.count >= 1 && likersOpened && (
        <Suspense fallback={null}>
          <LikersModal taleId={tale.id} show={showLikers} onHide={() => setShowLikers(false)} />
        </Suspense>
      )}
    </span>
  );
}
