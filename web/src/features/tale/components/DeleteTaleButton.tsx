import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { registerTaleStrings, TALE_NAMESPACE } from '../i18n';

/** Delete, after 'Are you sure?' (spec section 5). */
export function DeleteTaleButton({ onConfirm, disabled = false }: { onConfirm: () => void; disabled?: boolean }) {
  const { t, i18n } = useTranslation(TALE_NAMESPACE);
  registerTaleStrings(i18n);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="outline-danger" onClick={() => setAsking(true)} disabled={disabled} data-testid="tale-delete">
        {t('delete')}
      </Button>
      <ConfirmDialog
        show={asking}
        title={t('confirmDeleteTitle')}
        body={t('confirmDelete')}
        confirmLabel={t('delete')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onConfirm();
        }}
      />
    </>
  );
}
