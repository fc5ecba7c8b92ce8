import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLoggedIn } from '@common/abilities';
import { appRoutes } from '@common/routes';
import { useCurrentUser } from '@/lib/currentUser';
import { displayName } from '@/lib/names';

/**
 * The line above the feed on the home page: visitors are invited to log in or register, a
 * logged-in reader is greeted and offered to write a tale. (It carries on what the welcome page
 * did before the feed took its place.)
 */
export function FeedIntro() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3 p-3 rounded bg-body-tertiary" data-testid="feed-intro">
      {isLoggedIn(user) ? (
        <>
          <span className="me-auto">{t('home.greeting', { name: displayName(t, user, user.id) })}</span>
          <Link className="btn btn-primary btn-sm" to={appRoutes.taleNew}>
            {t('feed.addTale')}
          </Link>
        </>
      ) : (
        <>
          <span className="me-auto">{t('home.lead')}</span>
          <Link className="btn btn-primary btn-sm" to={appRoutes.login}>
            {t('nav.login')}
          </Link>
          <Link className="btn btn-outline-primary btn-sm" to={appRoutes.register}>
            {t('nav.register')}
          </Link>
        </>
      )}
    </div>
  );
}
