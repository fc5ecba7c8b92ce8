import { useQuery } from '@tanstack/react-query';
import { diffWords } from 'diff';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { Revision } from '@common/schemas/revision';
import type { Tale } from '@common/schemas/tale';
import { displayName } from '@/lib/names';
import { LoadingRow } from '@/ui/LoadingRow';
import { Paginator } from '@/ui/Paginator';
import { RelativeTime } from '@/ui/RelativeTime';
import { revisionQueries, useRestoreRevision } from '../api/revisions';
import './history.css';

/** The words of `before` and `after` as one text, with what went struck out and what came underlined (and said so to screen readers). */
function WordDiff({ before, after, testId }: { before: string; after: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <p className="tales-diff mb-0" data-testid={testId}>
      {diffWords(before, after).map((part, i) => {
        const key = `${i}-${part.value.length}`;
        if (!part.removed && !part.added) return <span key={key}>{part.value}</span>;
        const Change = part.removed ? 'del' : 'ins';
        return (
          <Change key={key}>
            <span className="visually-hidden">{t(part.removed ? 'history.removed' : 'history.added')} </span>
            {part.value}
          </Change>
        );
      })}
    </p>
  );
}

/**
 * A tale's or comment's earlier versions (its author and staff): each with when it was written and
 * who replaced it; the chosen one against the text it has now, word by word, and a button that
 * brings it back (the version it replaces is kept in turn, so nothing is lost). Lazy-loaded by
 * HistoryButton (default export).
 */
export default function HistoryDialog({ tale, show, onHide }: { tale: Tale; show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const revisions = useQuery({ ...revisionQueries.page(tale.id, page), enabled: show });
  const restore = useRestoreRevision(tale.id);
  const list = revisions.data?.revisions ?? [];
  const chosen: Revision | undefined = list.find((r) => r.id === chosenId) ?? list[0];
  const titleId = `history-title-${tale.id}`;
  const isComment = tale.type === 'COMMENT';

  return (
    <Modal
      show={show}
      onHide={onHide}
      onExited={() => {
        setPage(1);
        setChosenId(null);
      }}
      size="lg"
      centered
      scrollable
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id={titleId}>{t('history.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {revisions.isPending ? (
          <LoadingRow label={t('history.loading')} className="d-flex justify-content-center py-3" />
        ) : revisions.isError ? (
          <p className="text-danger-emphasis mb-0" role="alert">
            {t('history.failed')}
          </p>
        ) : list.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('history.empty')}</p>
        ) : (
          <div className="tales-history">
            <fieldset className="list-group tales-history-versions" data-testid="history-versions">
              <legend className="visually-hidden">{t('history.versions')}</legend>
              {list.map((r) => {
                const by =
                  r.replaced_by === null
                    ? t('history.someone')
                    : displayName(t, { firstname: r.replaced_by_firstname, lastname: r.replaced_by_lastname }, r.replaced_by);
                const pressed = r.id === chosen?.id;
                return (
                  <button
                    key={r.id}
                    type="button"
                    className={`list-group-item list-group-item-action${pressed ? ' active' : ''}`}
                    aria-pressed={pressed}
                    onClick={() => setChosenId(r.id)}
                  >
                    <span className="d-block fw-semibold">
                      <RelativeTime unixSeconds={r.written_at} />
                    </span>
                    <span className="d-block small">{t('history.replacedBy', { name: by })}</span>
                  </button>
                );
              })}
            </fieldset>
            {chosen && (
              <section className="tales-history-diff" aria-labelledby={`${titleId}-diff`}>
                <h3 className="h6" id={`${titleId}-diff`}>
                  {t('history.changesSince')}
                </h3>
                {!isComment && chosen.header !== tale.header && (
                  <div className="mb-2">
                    <span className="small text-body-secondary">{t('history.header')}</span>
                    <WordDiff before={chosen.header} after={tale.header} testId="history-header-diff" />
                  </div>
                )}
                <span className="small text-body-secondary">{t('history.text')}</span>
                <WordDiff before={chosen.body_txt} after={tale.body_txt} testId="history-text-diff" />
                <Button
                  className="mt-3"
                  variant="primary"
                  disabled={restore.isPending}
                  data-testid="history-restore"
                  onClick={async () => {
                    const env = await restore.mutateAsync(chosen.id).catch(() => null);
                    if (env?.meta.alina_response_success === 1) onHide();
                  }}
                >
                  {t('history.restore')}
                </Button>
              </section>
            )}
          </div>
        )}
      </Modal.Body>
      {revisions.data && revisions.data.pagination.pagesTotal > 1 && (
        <Modal.Footer className="justify-content-start">
          <Paginator pagination={revisions.data.pagination} onPage={setPage} label={t('history.pages')} />
        </Modal.Footer>
      )}
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t('common.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
