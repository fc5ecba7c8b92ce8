import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Tale } from '@common/schemas/tale';
import { registerTaleStrings, TALE_NAMESPACE } from '../i18n';
import { isScheduled } from '../utils/taleAddress';

/** Small labels for states a reader should notice: draft, pinned, scheduled, for registered users. */
export function TaleBadges({
  tale,
}: {
  tale: Pick<Tale, 'is_draft' | 'is_sticked' | 'publish_at' | 'is_submitted' | 'is_for_registered' | 'is_adult_denied'>;
}) {
  const { t, i18n } = useTranslation(TALE_NAMESPACE);
  registerTaleStrings(i18n);
  const badges: { key: string; bg: string; text?: 'dark' | 'light'; label: string }[] = [];
  if (tale.is_sticked === 1) badges.push({ key: 'pinned', bg: 'primary', label: t('badgePinned') });
  if (tale.is_draft === 1) badges.push({ key: 'draft', bg: 'warning', text: 'dark', label: t('badgeDraft') });
  if (isScheduled(tale)) badges.push({ key: 'scheduled', bg: 'info', text: 'dark', label: t('badgeScheduled') });
  if (tale.is_adult_denied === 1) badges.push({ key: 'adult', bg: 'danger', label: t('badgeAdult') });
  if (tale.is_for_registered === 1) badges.push({ key: 'registered', bg: 'secondary', label: t('badgeRegistered') });
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
