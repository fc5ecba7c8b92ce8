import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/ui/ConfirmDialog';

/** Delete, after 'Are you sure?' (spec section 5). */
export function DeleteTaleButton({ onConfirm, disabled = false }: { onConfirm: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="outline-danger" onClick={() => setAsking(true)} disabled={disabled} data-testid="tale-delete">
        {t('tale.delete')}
      </Button>
      <ConfirmDialog
        show={asking}
        title={t('tale.confirmDeleteTitle')}
        body={t('tale.confirmDelete')}
        confirmLabel={t('tale.delete')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onConfirm();
        }}
      />
    </>
  );
}
