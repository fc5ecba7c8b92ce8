import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appRoutes } from '@common/routes';
import type { Tale } from '@common/schemas/tale';
import { RelativeTime } from '../RelativeTime';
import { UserAvatar } from '../UserAvatar';
import { EditedMark } from './EditedMark';
import { displayName } from '@/lib/names';
import { taleHref } from '@/lib/taleAddress';

type BylineTale = Pick<
  Tale,
  | 'id'
  | 'router_alias'
  | 'owner_id'
  | 'owner_firstname'
  | 'owner_lastname'
  | 'owner_emblem'
  | 'publish_at'
  | 'edited_at'
  | 'is_date_hidden'
  | 'is_avatar_hidden'
>;

/**
 * The author's emblem and name (linking to the profile) and the publish date (linking to the
 * tale's page), each left out when the tale's flags hide it.
 */
export function TaleByline({
  tale,
  className = '',
  readingMinutes,
}: {
  tale: BylineTale;
  className?: string;
  /** Shown after the date when given. */
  readingMinutes?: number;
}) {
  const { t } = useTranslation();
  const showAuthor = tale.is_avatar_hidden !== 1;
  const showDate = tale.is_date_hidden !== 1;
  if (!showAuthor && !showDate && readingMinutes === undefined) return null;
  const name = displayName(t, { firstname: tale.owner_firstname, lastname: tale.owner_lastname }, tale.owner_id);
  return (
    <div className={`tales-byline d-flex align-items-center flex-wrap gap-2 small ${className}`}>
      {showAuthor && (
        <Link
          to={appRoutes.profileOf(tale.owner_id)}
          className="d-inline-flex align-items-center gap-2 text-decoration-none fw-semibold"
          data-testid="tale-author"
        >
          <UserAvatar src={tale.owner_emblem} size={32} />
          <span>{name}</span>
        </Link>
      )}
      {showAuthor && showDate && (
        <span className="text-body-tertiary" aria-hidden="true">
          ·
        </span>
      )}
      {showDate && (
        <Link to={taleHref(tale)} className="text-body-secondary text-decoration-none" data-testid="tale-date">
          <RelativeTime unixSeconds={tale.publish_at} />
        </Link>
      )}
      {showDate && tale.edited_at != null && (
        <>
          <span className="text-body-tertiary" aria-hidden="true">
            ·
          </span>
          <EditedMark editedAt={tale.edited_at} />
        </>
      )}
      {readingMinutes !== undefined && (
        <>
          {(showAuthor || showDate) && (
            <span className="text-body-tertiary" aria-hidden="true">
              ·
            </span>
          )}
          <span className="text-body-secondary" data-testid="tale-reading-time">
            {t('tale.readingTime', { count: readingMinutes })}
          </span>
        </>
      )}
    </div>
  );
}
