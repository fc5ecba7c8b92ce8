import { lazy, Suspense, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { can } from '@common/policies';
import type { Tale } from '@common/schemas/tale';
import { useCurrentUser } from '@/lib/currentUser';

// the dialog and its word diff load when it is first opened
const HistoryDialog = lazy(() => import('./HistoryDialog'));

/**
 * "History" for a tale or comment that was edited after it was published, shown to its author and
 * staff (policies.seeHistory); the dialog gives the focus back to it when it closes.
 */
export function HistoryButton({ tale, size, variant = 'outline-secondary' }: { tale: Tale; size?: 'sm'; variant?: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (tale.edited_at == null || !can.seeHistory(user, tale)) return null;
  return (
    <>
      <Button
        ref={button}
        size={size}
        variant={variant}
        className={size === 'sm' ? 'py-0 px-1' : undefined}
        data-testid="history-open"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {t('history.open')}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <HistoryDialog
            tale={tale}
            show={open}
            onHide={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
