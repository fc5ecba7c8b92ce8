import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can } from '@common/policies';
import { appRoutes } from '@common/routes';
import { isSuccess } from '@/api/client';
import { userQueries } from '@/api/users';
import { useCurrentUser } from '@/lib/currentUser';
import { DeletionSummaryText } from '@/ui/DeletionSummaryText';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { useDeleteUser } from '../api/deleteUser';

type Step = 'idle' | 'first' | 'second';

/**
 * Deleting an account asks twice (spec section 5): first what goes with it and 'Are you sure?', then
 * 'Are you REALLY sure???'.
 */
export function DeleteProfileButton({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currentUser = useCurrentUser();
  const deleteMutation = useDeleteUser();
  const [step, setStep] = useState<Step>('idle');
  // what goes with the account, counted when the question is first asked
  const summary = useQuery({ ...userQueries.deletionSummary(userId), enabled: step === 'first' });

  if (!can.deleteUser(currentUser, userId)) return null;

  const confirmDelete = () => {
    setStep('idle');
    // Not mutate()'s callbacks: deleting your own account logs you out, which unmounts this
    // button before the answer's callbacks would run.
    deleteMutation
      .mutateAsync(userId)
      .then((env) => {
        if (isSuccess(env)) void navigate(appRoutes.home, { replace: true });
      })
      .catch(() => {
        // the fetch wrapper has shown why
      });
  };

  return (
    <>
      <Button variant="outline-danger" onClick={() => setStep('first')} disabled={deleteMutation.isPending}>
        {t('profile.delete')}
      </Button>
      {/* one dialog whose question changes, so the second never stacks on the first as it fades out */}
      <ConfirmDialog
        show={step !== 'idle'}
        body={
          step === 'second' ? (
            t('confirm.reallySure')
          ) : (
            <>
              <DeletionSummaryText summary={summary.data} own={currentUser.id === userId} loading={summary.isPending} />
              {/* what goes can be taken home first: the profile's "Your data" (#data) */}
              <p data-testid="deletion-export-hint">
                {currentUser.id === userId ? t('deletion.exportFirstOwn') : t('deletion.exportFirst')}
              </p>
              <p className="mb-0">{t('confirm.sure')}</p>
            </>
          )
        }
        confirmLabel={step === 'second' ? t('profile.deleteForever') : t('profile.delete')}
        onConfirm={step === 'second' ? confirmDelete : () => setStep('second')}
        onCancel={() => setStep('idle')}
      />
    </>
  );
}
