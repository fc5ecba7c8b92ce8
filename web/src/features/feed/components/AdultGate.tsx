import { type ReactNode, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import warningImage from '../assets/adult-warning.svg';

/** A tale marked 'Not for kids' stays behind a warning until the reader asks to see it. */
export function AdultGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  if (revealed) return <>{children}</>;
  return (
    <div className="tales-adult-gate text-center py-3" data-testid="adult-gate">
      <img src={warningImage} alt={t('feed.adultTitle')} width={240} height={160} className="mb-3" />
      <p className="text-body-secondary mb-3">{t('feed.adultText')}</p>
      <Button variant="outline-danger" onClick={() => setRevealed(true)}>
        {t('feed.adultReveal')}
      </Button>
    </div>
  );
}
