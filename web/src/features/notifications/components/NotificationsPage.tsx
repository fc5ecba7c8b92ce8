import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLoggedIn } from '@common/abilities';
import { appRoutes } from '@common/routes';
import { isSuccess } from '@/api/client';
import { notificationQueries } from '@/api/notifications';
import { useCurrentUser } from '@/lib/currentUser';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { Paginator } from '@/ui/Paginator';
import { useDeleteAllNotifications } from '../api/deleteAllNotifications';
import { useDeleteNotification } from '../api/deleteNotification';
import { useMarkNotificationsShown } from '../api/markNotificationsShown';
import { NotificationRow } from './NotificationRow';

const onVisibilityChange = (listener: () => void) => {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
};
/** Whether the page is on screen (not a background tab). */
const usePageVisible = () => useSyncExternalStore(onVisibilityChange, () => document.visibilityState === 'visible');

function LoginPrompt() {
  const { t } = useTranslation();
  return (
    <section className="py-5 text-center" data-testid="notifications-login">
      <p className="lead">{t('notifications.loginRequired')}</p>
      <div className="d-flex justify-content-center gap-2">
        <Link to={appRoutes.login} className="btn btn-primary">
          {t('notifications.login')}
        </Link>
        <Link to={appRoutes.register} className="btn btn-outline-secondary">
          {t('notifications.register')}
        </Link>
      </div>
    </section>
  );
}

function NotificationsList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [confirmAll, setConfirmAll] = useState(false);
  const list = useQuery(notificationQueries.page(page));
  const mark = useMarkNotificationsShown();
  const remove = useDeleteNotification();
  const removeAll = useDeleteAllNotifications();
  // the unread notifications already marked from this screen, so a refetch does not mark them again
  const marked = useRef(new Set<number>());
  const { mutate: markShown } = mark;

  const data = list.data;
  const items = data?.items ?? [];
  const fresh = data && !list.isPlaceholderData;

  // Viewing marks everything up to the newest item shown, also one that arrives live while the list
  // is open (even in the same second as the last); the answer's CurrentUser resets the badge.
  const visible = usePageVisible();
  useEffect(() => {
    // a list open in a tab nobody looks at has not been read
    if (!fresh || !visible) return;
    const unread = data.items.filter((n) => n.is_shown === 0 && !marked.current.has(n.id));
    if (unread.length === 0) return;
    for (const n of unread) marked.current.add(n.id);
    markShown(Math.max(...data.items.map((n) => n.created_at)));
  }, [data, fresh, visible, markShown]);

  const reload = () => queryClient.invalidateQueries({ queryKey: notificationQueries.all() });

  const onDelete = (id: number) => {
    const wasLastOnPage = items.length === 1;
    remove.mutate(id, {
      onSuccess: (env) => {
        if (!isSuccess(env)) return;
        if (wasLastOnPage && page > 1) setPage(page - 1);
        void reload();
      },
    });
  };

  const onDeleteAll = () => {
    setConfirmAll(false);
    removeAll.mutate(undefined, {
      onSuccess: (env) => {
        if (!isSuccess(env)) return;
        setPage(1);
        void reload();
      },
    });
  };

  return (
    <section className="py-3 tales-notifications" data-testid="notifications">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('notifications.title')}</h1>
        {items.length > 0 && (
          <Button variant="outline-danger" size="sm" disabled={removeAll.isPending} onClick={() => setConfirmAll(true)}>
            {t('notifications.deleteAll')}
          </Button>
        )}
      </div>
      {list.isPending ? (
        <div className="d-flex justify-content-center py-4">
          <Spinner animation="border" role="status">
            <span className="visually-hidden">{t('notifications.loading')}</span>
          </Spinner>
        </div>
      ) : items.length === 0 ? (
        <p className="text-body-secondary py-3" data-testid="notifications-empty">
          {t('notifications.empty')}
        </p>
      ) : (
        <>
          {data && <Paginator className="mb-2" pagination={data.pagination} onPage={setPage} label={t('paginator.above')} />}
          <ul className="list-group mb-2" data-testid="notification-list">
            {items.map((n) => (
              <NotificationRow
                key={n.id}
                item={n}
                deleting={remove.isPending && remove.variables === n.id}
                onDelete={() => onDelete(n.id)}
              />
            ))}
          </ul>
          {data && <Paginator pagination={data.pagination} onPage={setPage} label={t('paginator.below')} />}
        </>
      )}
      <ConfirmDialog
        show={confirmAll}
        title={t('notifications.deleteAllTitle')}
        body={t('notifications.sure')}
        confirmLabel={t('notifications.deleteAll')}
        cancelLabel={t('notifications.cancel')}
        onCancel={() => setConfirmAll(false)}
        onConfirm={onDeleteAll}
      />
    </section>
  );
}

/** /notification: the caller's notifications (logged-in only; a visitor is asked to log in). */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();

  useEffect(() => {
    document.title = t('notifications.title');
  }, [t]);

  // keyed by user: another session starts again on page 1
  return isLoggedIn(user) ? <NotificationsList key={user.id} /> : <LoginPrompt />;
}
