import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/dates';

/** "edited", with when on hover, for a tale or comment whose text changed after it was published. */
export function EditedMark({ editedAt, className = '' }: { editedAt: number | null; className?: string }) {
  const { t, i18n } = useTranslation();
  if (editedAt == null) return null;
  const when = formatDate(editedAt, i18n.language, { withTime: true });
  return (
    <span className={`text-body-secondary ${className}`} title={t('tale.editedAt', { when })} data-testid="tale-edited">
      {t('tale.edited')}
      {/* the time is said, not only shown on hover, which keyboards, touch and screen readers miss */}
      <span className="visually-hidden"> ({when})</span>
    </span>
  );
}
