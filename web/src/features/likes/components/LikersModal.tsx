import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '@/ui/RelativeTime';
import { displayName } from '@/lib/names';
import { Link } from 'react-router';
import { appRoutes } from '@common/routes';
import { likeQueries } from '@/api/likes';
import { Paginator } from '@/ui/Paginator';
import { UserAvatar } from '@/ui/UserAvatar';
import { LoadingRow } from '@/ui/LoadingRow';

/**
 * Who liked a tale or comment: a paged list with links to their profiles (spec section 2).
 * Lazy-loaded by LikeButton (default export).
 */
export default function LikersModal({ taleId, show, onHide }: { taleId: number; show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  // loaded only while the modal is open, which needs at least one like (spec section 5)
  const likers = useQuery({ ...likeQueries.likers(taleId, page), enabled: show });
  const list = likers.data?.likers ?? [];

  return (
    <Modal show={show} onHide={onHide} onExited={() => setPage(1)} centered scrollable aria-labelledby={`likers-title-${taleId}`}>
      <Modal.Header closeButton closeLabel={t('likes.close')}>
        <Modal.Title id={`likers-title-${taleId}`}>{t('likes.likers')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {likers.isPending ? (
          <LoadingRow label={t('likes.loading')} className="d-flex justify-content-center py-3" />
        ) : list.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('likes.empty')}</p>
        ) : (
          <ul className="list-unstyled mb-0" data-testid="likers">
            {list.map((l) => {
              const name = displayName(t, { firstname: l.from_firstname, lastname: l.from_lastname }, l.user_id);
              return (
                <li key={l.id} className="d-flex align-items-center gap-2 py-1">
                  <Link to={appRoutes.profileOf(l.user_id)} onClick={onHide} tabIndex={-1} aria-hidden="true">
                    <UserAvatar src={l.from_emblem} size={32} />
                  </Link>
                  <Link to={appRoutes.profileOf(l.user_id)} onClick={onHide} className="fw-semibold text-break">
                    {name}
                  </Link>
                  <small className="text-body-secondary ms-auto text-nowrap">
                    <RelativeTime unixSeconds={l.created_at} />
                  </small>
                </li>
              );
            })}
          </ul>
        )}
      </Modal.Body>
      {likers.data && likers.data.pagination.pagesTotal > 1 && (
        <Modal.Footer className="justify-content-start">
          <Paginator pagination={likers.data.pagination} onPage={setPage} />
        </Modal.Footer>
      )}
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t('likes.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
