import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isUnderWay } from '@common/schemas/export';
import { formatDate } from '@/lib/dates';
import { formatSize } from '@/lib/formatSize';
import { downloadUrl, exportQueries, useRequestExport } from '../api/exports';

/**
 * "Your data" on a profile (the user's own, or any to an admin): asks for an archive of everything
 * of the user's, shows how far its making has come, and gives the download when it is ready. The
 * section is #data, where the mail about a large archive leads.
 */
export function DataExportPanel({ userId, own, name }: { userId: number; own: boolean; name: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const latest = useQuery(exportQueries.latest(userId));
  const request = useRequestExport(userId);
  const section = useRef<HTMLElement>(null);
  const e = latest.data;
  const busy = isUnderWay(e) || request.isPending;

  // the mail's link ends in #data: bring the section into view once it is there
  useEffect(() => {
    if (window.location.hash === '#data' && latest.isSuccess) section.current?.scrollIntoView({ block: 'start' });
  }, [latest.isSuccess]);

  const percent = e && e.total > 0 ? Math.min(100, Math.round((e.done / e.total) * 100)) : 0;
  const size = e?.size != null ? formatSize(e.size, lang) : null;
  const ask = (
    <Button
      variant={e?.status === 'ready' ? 'outline-secondary' : 'primary'}
      onClick={() => request.mutate()}
      disabled={busy}
      data-testid="export-request"
    >
      {e?.status === 'ready' || e?.status === 'failed' ? t('export.again') : t('export.prepare')}
    </Button>
  );

  return (
    <Card as="section" id="data" ref={section} className="mb-4" aria-labelledby="data-title" data-testid="data-export">
      <Card.Body>
        <h2 id="data-title" className="h5">
          {own ? t('export.titleOwn') : t('export.title')}
        </h2>
        <p className="text-body-secondary">{own ? t('export.introOwn') : t('export.intro', { name })}</p>
        {/* said once per change of state, not at every step of the progress */}
        <p className="visually-hidden" aria-live="polite" data-testid="export-announce">
          {isUnderWay(e)
            ? t('export.announcePreparing')
            : e?.status === 'ready'
              ? t('export.announceReady')
              : e?.status === 'failed'
                ? t('export.failed')
                : ''}
        </p>
        <div data-testid="export-state">
          {latest.isPending ? (
            <p className="text-body-secondary">{t('common.loading')}</p>
          ) : latest.isError ? (
            <Alert variant="warning">{t('export.loadFailed')}</Alert>
          ) : isUnderWay(e) && e ? (
            <>
              <p className="mb-2">{e.total > 0 ? t('export.progress', { done: e.done, total: e.total }) : t('export.queued')}</p>
              {/* Bootstrap's markup, the progressbar role on the bar itself so it has its name */}
              <div className="progress mb-2" data-testid="export-progress">
                <div
                  className="progress-bar progress-bar-striped progress-bar-animated"
                  role="progressbar"
                  aria-label={t('export.progressLabel')}
                  aria-valuenow={percent}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  style={{ width: `${percent}%` }}
                >
                  {percent}%
                </div>
              </div>
              <p className="small text-body-secondary mb-0">{t('export.leave')}</p>
            </>
          ) : e?.status === 'ready' ? (
            <div className="d-flex flex-wrap align-items-center gap-2">
              <a className="btn btn-success" href={downloadUrl(userId, e.id)} download data-testid="export-download">
                {t('export.download', { size: size ? t(`files.${size.key}`, { value: size.value }) : '' })}
              </a>
              {ask}
              <p className="small text-body-secondary w-100 mb-0 mt-1" data-testid="export-ready">
                {t('export.readyUntil', {
                  made: formatDate(e.finished_at, lang, { withTime: true }),
                  until: formatDate(e.expires_at, lang, { withTime: true }),
                })}
              </p>
            </div>
          ) : (
            <>
              {e?.status === 'failed' && <Alert variant="danger">{t('export.failed')}</Alert>}
              {request.isError && <Alert variant="danger">{t('export.requestFailed')}</Alert>}
              {ask}
            </>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
