import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appRoutes } from '@common/routes';
import { FEED_NAMESPACE, registerFeedStrings } from '../i18n';

/**
 * While the list loads its place is kept a screen high, so what comes after it (the footer) is
 * already out of view and the arriving tales move nothing the reader sees.
 */
export function FeedLoading() {
  const { t, i18n } = useTranslation(FEED_NAMESPACE);
  registerFeedStrings(i18n);
  return (
    <div className="d-flex justify-content-center align-items-start py-5" style={{ minHeight: '100vh' }} data-testid="feed-loading">
      <Spinner animation="border" role="status">
        <span className="visually-hidden">{t('loading')}</span>
      </Spinner>
    </div>
  );
}

/** 'Nothing found' after a search, 'No tales yet' otherwise. */
export function FeedEmpty({ txt, canWrite, compact = false }: { txt: string; canWrite: boolean; compact?: boolean }) {
  const { t, i18n } = useTranslation(FEED_NAMESPACE);
  registerFeedStrings(i18n);
  if (compact)
    return (
      <p className="text-body-secondary" data-testid="feed-empty">
        {t('profileEmpty')}
      </p>
    );
  return (
    <Alert variant={txt ? 'warning' : 'light'} className="text-center py-4" data-testid="feed-empty">
      <Alert.Heading as="h2" className="h4">
        {txt ? t('nothingFound') : t('empty')}
      </Alert.Heading>
      <p className="mb-0">{txt ? t('nothingFoundHint', { txt }) : t('emptyHint')}</p>
      {!txt && canWrite && (
        <Link to={appRoutes.taleNew} className="btn btn-primary mt-3">
          {t('addTale')}
        </Link>
      )}
    </Alert>
  );
}
