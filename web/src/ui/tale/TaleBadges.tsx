import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Tale } from '@common/schemas/tale';
import { isScheduled } from '@/lib/taleAddress';

/** Small labels for states a reader should notice: draft, pinned, scheduled, for registered users. */
export function TaleBadges({
  tale,
}: {
  tale: Pick<Tale, 'is_draft' | 'is_sticked' | 'publish_at' | 'is_submitted' | 'is_for_registered' | 'is_adult_denied'>;
}) {
  const { t } = useTranslation();
  const badges: { key: string; bg: string; text?: 'dark' | 'light'; label: string }[] = [];
  if (tale.is_sticked === 1) badges.push({ key: 'pinned', bg: 'primary', label: t('tale.badgePinned') });
  if (tale.is_draft === 1) badges.push({ key: 'draft', bg: 'warning', text: 'dark', label: t('tale.badgeDraft') });
  if (isScheduled(tale)) badges.push({ key: 'scheduled', bg: 'info', text: 'dark', label: t('tale.badgeScheduled') });
  if (tale.is_adult_denied === 1) badges.push({ key: 'adult', bg: 'danger', label: t('tale.badgeAdult') });
  if (tale.is_for_registered === 1) badges.push({ key: 'registered', bg: 'secondary', label: t('tale.badgeRegistered') });
  if (!badges.length) return null;
  return (
    <span className="d-inline-flex flex-wrap gap-1 align-middle">
      {badges.map((b) => (
        <Badge key={b.key} bg={b.bg} text={b.text} data-testid={`badge-${b.key}`}>
          {b.label}
        </Badge>
      ))}
    </span>
  );
}
