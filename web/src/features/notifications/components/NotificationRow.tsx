import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { RelativeTime } from '@/ui/RelativeTime';
import { Link } from 'react-router';
import { appRoutes } from '@common/routes';
import type { Notification } from '@common/schemas/conversation';
import { displayName } from '@/lib/names';
import { UserAvatar } from '@/ui/UserAvatar';

/** Only an address inside this app is followed; anything else is shown as text. */
const isAppRoute = (link: string) => link.startsWith('/') && !link.startsWith('//');

/**
 * What happened, after the name: "commented on your tale “Header”", "replied to your comment
 * on …", "liked your tale …" or "liked your comment on …" (a group's verb agrees with several
 * people where the language needs it). A post without a header, or one the reader may no longer
 * read, is "your tale".
 */
export function notificationAction(t: TFunction, n: Pick<Notification, 'kind' | 'tale_type' | 'root_header' | 'others'>): string {
  const key =
    n.kind === 'comment'
      ? 'notifications.commented'
      : n.kind === 'answer'
        ? 'notifications.answered'
        : n.tale_type === 'COMMENT'
          ? 'notifications.likedComment'
          : 'notifications.likedTale';
  const several = n.kind === 'like' && n.others > 0 ? 'Several' : '';
  return n.root_header ? t(`${key}${several}`, { header: n.root_header }) : t(`${key}${several}NoHeader`);
}

export function NotificationRow({ item, deleting, onDelete }: { item: Notification; deleting: boolean; onDelete: () => void }) {
  const { t } = useTranslation();
  const name = displayName(t, { firstname: item.from_firstname, lastname: item.from_lastname }, item.from_id);
  const profile = appRoutes.profileOf(item.from_id);
  const action = notificationAction(t, item);

  return (
    <li
      className="list-group-item d-flex align-items-start gap-3 py-2 tales-notification"
      data-testid="notification"
      data-notification-id={item.id}
      data-kind={item.kind}
    >
      <Link to={profile} className="flex-shrink-0" tabIndex={-1} aria-hidden="true">
        <UserAvatar src={item.from_emblem} size={40} />
      </Link>
      <div className="flex-grow-1 min-w-0">
        <p className="mb-0 text-break" data-testid="notification-text">
          <Link to={profile} className="fw-semibold" data-testid="notification-author">
            {name}
          </Link>
          {item.others > 0 && <span data-testid="notification-others"> {t('notifications.andOthers', { count: item.others })}</span>}{' '}
          {isAppRoute(item.link) ? (
            <Link to={item.link} data-testid="notification-link">
              {action}
            </Link>
          ) : (
            <span>{action}</span>
          )}
          {item.is_shown === 0 && (
            <>
              {' '}
              <Badge bg="danger" pill className="ms-1 align-text-bottom">
                {t('notifications.unread')}
              </Badge>
            </>
          )}
        </p>
        {item.excerpt && (
          <p className="mb-0 text-body-secondary tales-notification-excerpt" data-testid="notification-excerpt">
            {item.excerpt}
          </p>
        )}
        <RelativeTime className="small text-body-secondary" unixSeconds={item.created_at} />
      </div>
      <Button
        size="sm"
        variant="outline-danger"
        className="flex-shrink-0"
        disabled={deleting}
        onClick={onDelete}
        aria-label={t('notifications.deleteLabel', { name })}
      >
        {t('notifications.delete')}
      </Button>
    </li>
  );
}
