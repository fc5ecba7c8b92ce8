import { useState } from 'react';
import { Alert } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { appRoutes } from '@common/routes';
import { ResetRequestBody } from '@common/schemas/user';
import { ApiError, isSuccess } from '@/api/client';
import { applyServerFieldErrors, catalogueResolver } from '@/lib/forms';
import { TextField } from '@/ui/TextField';
import { useResetPasswordRequest } from '../api/resetPasswordRequest';
import { AuthCard } from './AuthCard';
import { SubmitButton } from './SubmitButton';

interface ResetRequestForm {
  mail: string;
}
const FIELDS = ['mail'] as const;

const withCodeLink = (mail: string) =>
  mail ? `${appRoutes.resetWithCode}?${new URLSearchParams({ mail }).toString()}` : appRoutes.resetWithCode;

export default function ResetRequestPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const requestMutation = useResetPasswordRequest();
  const [sentTo, setSentTo] = useState('');
  const { register, handleSubmit, setError, formState } = useForm<ResetRequestForm, unknown, ResetRequestBody>({
    resolver: catalogueResolver<ResetRequestForm, ResetRequestBody>(ResetRequestBody),
    defaultValues: { mail: searchParams.get('mail') ?? '' },
  });

  const onSubmit = handleSubmit(({ mail }) =>
    requestMutation.mutate(
      { mail },
      {
        onSuccess: (env) => {
          if (isSuccess(env)) setSentTo(mail);
          else applyServerFieldErrors(env.messages, setError, FIELDS);
        },
        onError: (e) => {
          if (e instanceof ApiError) applyServerFieldErrors(e.envelope?.messages, setError, FIELDS);
        },
      },
    ),
  );

  return (
    <AuthCard title={t('resetRequest.title')} footer={<Link to={appRoutes.login}>{t('register.toLogin')}</Link>}>
      <p className="text-body-secondary">{t('resetRequest.intro')}</p>
      {sentTo && (
        <Alert variant="success" data-testid="reset-request-sent">
          <p className="mb-2">{t('resetRequest.sent', { mail: sentTo })}</p>
          <Link to={withCodeLink(sentTo)} className="alert-link">
            {t('resetRequest.toWithCode')}
          </Link>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id="reset-request-mail"
          label={t('field.mail')}
          type="email"
          autoComplete="email"
          autoFocus
          registration={register('mail')}
          error={formState.errors.mail}
        />
        <SubmitButton pending={requestMutation.isPending}>{t('resetRequest.submit')}</SubmitButton>
      </form>
      {!sentTo && (
        <p className="mt-3 mb-0 small">
          <Link to={appRoutes.resetWithCode}>{t('resetRequest.haveCode')}</Link>
        </p>
      )}
    </AuthCard>
  );
}
