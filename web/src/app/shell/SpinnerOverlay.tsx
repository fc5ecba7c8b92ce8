import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useInFlightCount } from '@/lib/inFlight';

/** Covers the page from a request's start until its answer or error. */
export function SpinnerOverlay() {
  const { t } = useTranslation();
  const count = useInFlightCount();
  if (count === 0) return null;
  return (
    <div className="tales-spinner-overlay" data-testid="spinner-overlay">
      <Spinner animation="border" variant="primary" role="status">
        <span className="visually-hidden">{t('common.loading')}</span>
      </Spinner>
    </div>
  );
}
