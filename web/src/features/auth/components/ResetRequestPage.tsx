import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { appRoutes } from '@common/routes';
import { ResetRequestBody } from '@common/schemas/user';
import { ApiError, isSuccess } from '@/api/client';
import { applyServerFieldErrors, catalogueResolver } from '@/lib/forms';
import { useClaimedFields } from '@/lib/messageQueue';
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
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useForm<ResetRequestForm, unknown, ResetRequestBody>({
    resolver: catalogueResolver<ResetRequestForm, ResetRequestBody>(ResetRequestBody),
    defaultValues: { mail: searchParams.get('mail') ?? '' },
  });
  useClaimedFields(FIELDS);

  const onSubmit = handleSubmit(({ mail }) =>
    requestMutation.mutate(
      { mail },
      {
        onSuccess: (env) => {
          // the code goes in on the next screen, the mail already filled in
          if (isSuccess(env)) void navigate(withCodeLink(mail));
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
      <p className="mt-3 mb-0 small">
        <Link to={appRoutes.resetWithCode}>{t('resetRequest.haveCode')}</Link>
      </p>
    </AuthCard>
  );
}
