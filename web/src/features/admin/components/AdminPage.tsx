import { type ReactNode, useEffect } from 'react';
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Actor, isLoggedIn } from '@common/abilities';
import { appRoutes } from '@common/routes';
import { useCurrentUser } from '@/lib/currentUser';

interface AdminPageProps {
  title: string;
  intro?: ReactNode;
  /** Who may use the page (common/abilities.ts); the server checks again on every call. */
  allowed: (actor: Actor) => boolean;
  children: ReactNode;
}

/**
 * The frame of an admin or staff page. It checks the role itself, so a visitor is told to log
 * in (401) and a user without the role that the page is not for them (403), rather than meeting
 * a page whose calls all fail.
 */
export function AdminPage({ title, intro, allowed, children }: AdminPageProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useEffect(() => {
    document.title = `${title} · ${t('app.brand')}`;
    return () => {
      document.title = t('app.title');
    };
  }, [title, t]);

  let body: ReactNode = children;
  if (!isLoggedIn(user)) {
    body = (
      <Alert variant="warning" data-testid="access-401">
        <Alert.Heading as="h2" className="h5">
          {t('admin.access.loginFirst')}
        </Alert.Heading>
        <p>{t('admin.access.loginFirstText')}</p>
        <Link to={appRoutes.login} className="btn btn-primary">
          {t('nav.login')}
        </Link>
      </Alert>
    );
  } else if (!allowed(user)) {
    body = (
      <Alert variant="danger" data-testid="access-403">
        <Alert.Heading as="h2" className="h5">
          {t('admin.access.denied')}
        </Alert.Heading>
        <p className="mb-0">{t('admin.access.deniedText')}</p>
      </Alert>
    );
  }
  return (
    <section className="py-3">
      <h1 className="h3 mb-2">{title}</h1>
      {intro && body === children && <p className="text-body-secondary mb-4">{intro}</p>}
      {body}
    </section>
  );
}
