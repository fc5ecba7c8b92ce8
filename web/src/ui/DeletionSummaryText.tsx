import { useTranslation } from 'react-i18next';
import type { DeletionSummary } from '@common/schemas/user';
import { formatSize } from '@/lib/formatSize';
import { LoadingRow } from '@/ui/LoadingRow';

/** What deleting an account takes with it, in words, before the question is asked. */
export function DeletionSummaryText({
  summary,
  own,
  loading,
}: {
  summary: DeletionSummary | null | undefined;
  own: boolean;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (loading) return <LoadingRow label={t('deletion.counting')} className="d-flex py-2" />;
  if (!summary) return null;
  const size = formatSize(summary.file_bytes, i18n.language);
  const parts = [
    summary.tales > 0 && t('deletion.tales', { count: summary.tales }),
    summary.drafts > 0 && t('deletion.drafts', { count: summary.drafts }),
    summary.comments > 0 && t('deletion.comments', { count: summary.comments }),
    summary.files > 0 && t('deletion.files', { count: summary.files, size: t(`files.${size.key}`, { value: size.value }) }),
    summary.likes > 0 && t('deletion.likes', { count: summary.likes }),
  ].filter((p): p is string => Boolean(p));
  return (
    <div data-testid="deletion-summary">
      {parts.length ? (
        <>
          <p className="mb-1">{own ? t('deletion.ownIntro') : t('deletion.intro')}</p>
          <ul className="mb-2">
            {parts.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          {summary.others_comments > 0 && <p className="mb-2">{t('deletion.othersComments', { count: summary.others_comments })}</p>}
        </>
      ) : (
        <p className="mb-2">{own ? t('deletion.ownNothing') : t('deletion.nothing')}</p>
      )}
    </div>
  );
}
