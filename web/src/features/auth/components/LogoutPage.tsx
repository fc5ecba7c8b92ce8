import { useEffect, useRef } from 'react';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { appRoutes } from '@common/routes';
import { useLogout } from '../api/logout';

/** Posts logout on entry, then replaces itself with the feed. */
export default function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useLogout();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(undefined, { onSettled: () => void navigate(appRoutes.feed, { replace: true }) });
  }, [mutate, navigate]);

  return (
    <div className="d-flex align-items-center justify-content-center gap-2 py-5">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{t('logout.inProgress')}</span>
    </div>
  );
}
