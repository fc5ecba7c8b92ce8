import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import NotFoundPage from './NotFoundPage';

/** A render fault or a chunk that failed to load: say so and offer a reload instead of a blank page. */
export default function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="container py-5 text-center" role="alert">
      <h1 className="h2 mb-3">{t('routeError.title')}</h1>
      <p className="text-body-secondary">{t('routeError.text')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </button>
    </section>
  );
}
