import './tale.css';
import { lazy, Suspense } from 'react';
import { Button, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Tale } from '@common/schemas/tale';
import { Comments } from '@/features/comments/components/Comments';
import { FilesPanel } from '@/features/files/components/FilesPanel';
import { LikeButton } from '@/features/likes/components/LikeButton';
import { ShareButtons } from '@/features/share/components/ShareButtons';
import { taleHref } from '../utils/taleAddress';
import { DeleteTaleButton } from './DeleteTaleButton';
import { EmbeddedFrame, FreeCodeFrame } from './SandboxedFrames';
import { TaleBadges } from './TaleBadges';
import { TaleBody } from './TaleBody';
import { TaleByline } from './TaleByline';

// Leaflet is big: only tales that show a map load it.
const TaleMap = lazy(() => import('@/features/map/components/TaleMap'));

export interface TaleViewProps {
  tale: Tale;
  /** Edit and delete buttons (owner or staff, and not inside an embedding frame). */
  showActions: boolean;
  onEdit: () => void;
  onDelete: () => void;
  deleting?: boolean;
}

/** The tale screen in view mode; the tale's flags hide its header, date, author and sharing. */
export function TaleView({ tale, showActions, onEdit, onDelete, deleting = false }: TaleViewProps) {
  const { t } = useTranslation();
  const saved = tale.is_submitted === 1;
  return (
    <article className="py-4 mx-auto" style={{ maxWidth: 960 }} data-testid="tale-view" data-tale-id={tale.id}>
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
          <TaleByline tale={tale} className="mb-4" />
          <TaleBody html={tale.body} testId="tale-body" className="mb-3" />
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
              <Suspense
                fallback={
                  <div className="d-flex justify-content-center align-items-center" style={{ height: 500 }}>
                    <Spinner animation="border" role="status">
                      <span className="visually-hidden">{t('tale.loading')}</span>
                    </Spinner>
                  </div>
                }
              >
                <TaleMap
                  latitude={tale.geo_latitude}
                  longitude={tale.geo_longitude}
                  zoom={tale.geo_zoom}
                  type={tale.geo_map_type}
                  header={tale.header}
                />
              </Suspense>
            </section>
          )}
          {saved && <FilesPanel tale={tale} />}
          {saved && <ShareButtons tale={tale} />}
        </Card.Body>
        <Card.Footer className="bg-transparent d-flex flex-wrap align-items-center gap-2 py-3">
          {saved && <LikeButton tale={tale} />}
          {showActions && (
            <div className="ms-auto d-flex gap-2">
              {saved && <DeleteTaleButton onConfirm={onDelete} disabled={deleting} />}
              <Button variant="primary" onClick={onEdit} data-testid="tale-edit">
                {t('tale.edit')}
              </Button>
            </div>
          )}
        </Card.Footer>
      </Card>
      {saved && tale.level < 2 && (
        <div id="comments">
          <Comments tale={tale} />
        </div>
      )}
    </article>
  );
}
