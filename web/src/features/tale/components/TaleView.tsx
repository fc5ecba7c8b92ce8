import './tale.css';
import type { ReactNode } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Tale } from '@common/schemas/tale';
import { taleHref } from '@/lib/taleAddress';
import { TaleBadges } from '@/ui/tale/TaleBadges';
import { TaleBody } from '@/ui/tale/TaleBody';
import { TaleByline } from '@/ui/tale/TaleByline';
import { readingMinutes } from '@/lib/reading';
import { DeleteTaleButton } from './DeleteTaleButton';
import { EmbeddedFrame, FreeCodeFrame } from './SandboxedFrames';

export interface TaleViewProps {
  tale: Tale;
  /** Edit and delete buttons (owner or staff, and not inside an embedding frame). */
  showActions: boolean;
  onEdit: () => void;
  onDelete: () => void;
  deleting?: boolean;
  /**
   * What other features show on the screen, composed by the page (app/routes): each slot is shown
   * in its place once the tale is saved (the map whenever the tale shows one; comments only under a
   * tale or a level-1 comment).
   */
  map?: ReactNode;
  files?: ReactNode;
  share?: ReactNode;
  like?: ReactNode;
  /** Its edit history (its author and staff), from the history feature. */
  history?: ReactNode;
  comments?: ReactNode;
}

/** The tale screen in view mode; the tale's flags hide its header, date, author and sharing. */
export function TaleView({
  tale,
  showActions,
  onEdit,
  onDelete,
  deleting = false,
  map,
  files,
  share,
  like,
  history,
  comments,
}: TaleViewProps) {
  const { t } = useTranslation();
  const saved = tale.is_submitted === 1;
  return (
    <article className="py-4 mx-auto tales-tale-column" data-testid="tale-view" data-tale-id={tale.id}>
      <Card className={`shadow-sm mb-4${tale.is_draft === 1 ? ' tales-tale-draft' : ''}`}>
        <Card.Body className="p-4">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <TaleBadges tale={tale} />
          </div>
          {tale.is_header_hidden !== 1 && (
            <h1 className="h2 tales-tale-title mb-2" data-testid="tale-header">
              <Link to={taleHref(tale)}>{tale.header.trim() || t('tale.untitled')}</Link>
            </h1>
          )}
          <TaleByline tale={tale} className="mb-4" readingMinutes={readingMinutes(tale.body_txt)} />
          <TaleBody html={tale.body} testId="tale-body" className="mb-3 tales-reading" />
          {tale.body_free.trim() && (
            <section className="mt-4">
              <h2 className="visually-hidden">{t('tale.freeCode')}</h2>
              <FreeCodeFrame code={tale.body_free} />
            </section>
          )}
          {tale.iframe.trim() && (
            <section className="mt-4">
              <h2 className="visually-hidden">{t('tale.embeddedFrame')}</h2>
              <EmbeddedFrame src={tale.iframe} />
            </section>
          )}
          {tale.geo_is_map_shown === 1 && (
            <section className="mt-4">
              <h2 className="visually-hidden">{t('tale.mapTitle')}</h2>
              {map}
            </section>
          )}
          {saved && files}
          {saved && share}
        </Card.Body>
        <Card.Footer className="bg-transparent d-flex flex-wrap align-items-center gap-2 py-3">
          {saved && like}
          {showActions && (
            <div className="ms-auto d-flex flex-wrap gap-2">
              {saved && history}
              {saved && <DeleteTaleButton onConfirm={onDelete} disabled={deleting} />}
              <Button variant="primary" onClick={onEdit} data-testid="tale-edit">
                {t('tale.edit')}
              </Button>
            </div>
          )}
        </Card.Footer>
      </Card>
      {saved && tale.level < 2 && <div id="comments">{comments}</div>}
    </article>
  );
}
