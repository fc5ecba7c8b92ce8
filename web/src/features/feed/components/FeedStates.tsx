import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appRoutes } from '@common/routes';

/**
 * While the list loads its place is kept a screen high, so what comes after it (the footer) is
 * already out of view and the arriving tales move nothing the reader sees.
 */
export function FeedLoading() {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-center align-items-start py-5" style={{ minHeight: '100vh' }} data-testid="feed-loading">
      <Spinner animation="border" role="status">
        <span className="visually-hidden">{t('feed.loading')}</span>
      </Spinner>
    </div>
  );
}

/** 'Nothing found' after a search, 'No tales yet' otherwise. */
export function FeedEmpty({ txt, canWrite, compact = false }: { txt: string; canWrite: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  if (compact)
    return (
      <p className="text-body-secondary" data-testid="feed-empty">
        {t('feed.profileEmpty')}
      </p>
    );
  return (
    <Alert variant={txt ? 'warning' : 'light'} className="text-center py-4" data-testid="feed-empty">
      <Alert.Heading as="h2" className="h4">
        {txt ? t('feed.nothingFound') : t('feed.empty')}
      </Alert.Heading>
      <p className="mb-0">{txt ? t('feed.nothingFoundHint', { txt }) : t('feed.emptyHint')}</p>
      {!txt && canWrite && (
        <Link to={appRoutes.taleNew} className="btn btn-primary mt-3">
          {t('feed.addTale')}
        </Link>
      )}
    </Alert>
  );
}
