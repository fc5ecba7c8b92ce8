import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '@/ui/RelativeTime';
import { Link } from 'react-router';
import { appRoutes } from '@common/routes';
import type { Notification } from '@common/schemas/conversation';
import { displayName } from '@/lib/names';
import { UserAvatar } from '@/ui/UserAvatar';

/** Only an address inside this app is followed; anything else is shown as text. */
const isAppRoute = (link: string) => link.startsWith('/') && !link.startsWith('//');

export function NotificationRow({ item, deleting, onDelete }: { item: Notification; deleting: boolean; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const name = displayName(t, { firstname: item.from_firstname, lastname: item.from_lastname }, item.from_id);
  const profile = appRoutes.profileOf(item.from_id);
  // txt is a message template, also its translation key
  const text = i18n.exists(item.txt) ? t(item.txt) : item.txt;

  return (
    <li className="list-group-item d-flex align-items-center gap-3 py-2" data-testid="notification" data-notification-id={item.id}>
      <Link to={profile} className="flex-shrink-0" tabIndex={-1} aria-hidden="true">
        <UserAvatar src={item.from_emblem} size={40} />
      </Link>
      <div className="flex-grow-1 min-w-0">
        <div className="d-flex flex-wrap align-items-center gap-2">
          {isAppRoute(item.link) ? (
            <Link to={item.link} className="fw-semibold" data-testid="notification-link">
              {text}
            </Link>
          ) : (
            <span className="fw-semibold">{text}</span>
          )}
          {item.is_shown === 0 && (
            <Badge bg="danger" pill>
              {t('notifications.unread')}
            </Badge>
          )}
        </div>
        <div className="small d-flex flex-wrap gap-2">
          <Link to={profile} className="text-break" data-testid="notification-author">
            {name}
          </Link>
          <RelativeTime className="text-body-secondary" unixSeconds={item.created_at} />
        </div>
      </div>
      <Button
        size="sm"
        variant="outline-danger"
        disabled={deleting}
        onClick={onDelete}
        aria-label={t('notifications.deleteLabel', { name })}
      >
        {t('notifications.delete')}
      </Button>
    </li>
  );
}
