import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isLoggedIn } from '@common/abilities';
import { can } from '@common/policies';
import { fullName } from '@common/models/user';
import { DataExportPanel } from '@/features/export/components/DataExportPanel';
import { appRoutes, feedRoutes } from '@common/routes';
import { userQueries } from '@/api/users';
import { ProfileTales } from '@/features/feed/components/ProfileTales';
import { LikeButton } from '@/features/likes/components/LikeButton';
import { ProfileView } from '@/features/profile/components/ProfileView';
import { useCurrentUser } from '@/lib/currentUser';
import NotFoundPage from './NotFoundPage';
import { FeedLink } from '@/ui/FeedLink';
import { PageLoading } from '@/ui/PageLoading';

// The edit form brings the date picker and (lazily, in turn) the rich-text editor.
const ProfileEditForm = lazy(() => import('@/features/profile/components/ProfileEditForm'));

/** /auth/profile/:id, and /auth/profile for the current user's own: the profile, and the user's tales with their likes. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const currentUser = useCurrentUser();
  const routeId = idParam === undefined ? null : Number(idParam);
  const userId = idParam === undefined ? currentUser.id : routeId;
  const validId = userId != null && Number.isInteger(userId) && userId > 0;
  const profile = useQuery(userQueries.profile(validId ? userId : 0));
  const [editing, setEditing] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);

  // leaving one profile for another (menu link, address bar) always opens it in view mode
  if (editing && editingId !== userId) {
    setEditing(false);
    setEditingId(null);
  }

  if (idParam === undefined && !isLoggedIn(currentUser)) {
    return (
      <section className="py-5 text-center">
        <p className="lead">{t('profile.loginToSee')}</p>
        <Link to={appRoutes.login} className="btn btn-primary">
          {t('nav.login')}
        </Link>
      </section>
    );
  }
  if (!validId) return <NotFoundPage />;
  if (profile.isPending) return <PageLoading label={t('common.loading')} />;
  if (!profile.data) {
    return (
      <Alert variant="warning" className="my-4">
        {t('profile.notFound')}
      </Alert>
    );
  }

  const user = profile.data;
  const mayEdit = can.editProfile(currentUser, user.id);
  if (editing && mayEdit) {
    return (
      <Suspense fallback={<PageLoading label={t('common.loading')} />}>
        <ProfileEditForm user={user} onDone={() => setEditing(false)} />
      </Suspense>
    );
  }
  return (
    <>
      <ProfileView
        user={user}
        mayEdit={mayEdit}
        onEdit={() => {
          setEditing(true);
          setEditingId(user.id);
        }}
      />
      {can.exportData(currentUser, user.id) && (
        <DataExportPanel userId={user.id} own={currentUser.id === user.id} name={fullName(user) || user.mail || `#${user.id}`} />
      )}
      <ProfileTales
        userId={user.id}
        renderLike={(tale) => <LikeButton tale={tale} />}
        aside={<FeedLink href={feedRoutes.author(user.id, 'rss')} label={t('feed.rssAuthor')} testId="author-feed-link" />}
      />
    </>
  );
}
