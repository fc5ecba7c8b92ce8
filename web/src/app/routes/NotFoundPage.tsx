import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { appRoutes } from '@common/routes';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <section className="py-5 text-center">
      <p className="display-1 fw-bold text-body-tertiary mb-0" aria-hidden="true">
        404
      </p>
      <h1 className="h2 mb-3">{t('notFound.title')}</h1>
      <p className="text-body-secondary">
        {t('notFound.text')} <code>{pathname}</code>
      </p>
      <Link to={appRoutes.home} className="btn btn-primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
