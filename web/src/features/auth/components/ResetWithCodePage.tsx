import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { appRoutes } from '@common/routes';
import { ResetWithCodeBody } from '@common/schemas/user';
import { ApiError, isSuccess } from '@/api/client';
import { applyServerFieldErrors, catalogueResolver } from '@/lib/forms';
import { useClaimedFields } from '@/lib/messageQueue';
import { TextField } from '@/ui/TextField';
import { useResetPasswordWithCode } from '../api/resetPasswordWithCode';
import { AuthCard } from './AuthCard';
import { PasswordFields } from './PasswordFields';
import { SubmitButton } from './SubmitButton';

interface ResetWithCodeForm {
  mail: string;
  reset_code: string;
  password: string;
  confirm_password: string;
}
const FIELDS = ['mail', 'reset_code', 'password', 'confirm_password'] as const;

export default function ResetWithCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const resetMutation = useResetPasswordWithCode();
  const mailFromLink = searchParams.get('mail') ?? '';
  const { register, handleSubmit, setError, formState } = useForm<ResetWithCodeForm, unknown, ResetWithCodeBody>({
    resolver: catalogueResolver<ResetWithCodeForm, ResetWithCodeBody>(ResetWithCodeBody),
    defaultValues: { mail: mailFromLink, reset_code: searchParams.get('reset_code') ?? '', password: '', confirm_password: '' },
  });
  useClaimedFields(FIELDS);

  const onSubmit = handleSubmit((values) =>
    resetMutation.mutate(
      { mail: values.mail, reset_code: values.reset_code, password: values.password, confirm_password: values.confirm_password },
      {
        onSuccess: (env) => {
          if (isSuccess(env)) void navigate(appRoutes.profile, { replace: true });
          else applyServerFieldErrors(env.messages, setError, FIELDS);
        },
        onError: (e) => {
          if (e instanceof ApiError) applyServerFieldErrors(e.envelope?.messages, setError, FIELDS);
        },
      },
    ),
  );

  return (
    <AuthCard title={t('resetWithCode.title')} footer={<Link to={appRoutes.resetRequest}>{t('resetWithCode.toRequest')}</Link>}>
      {mailFromLink && (
        <p className="mb-2" data-testid="reset-code-sent">
          {t('resetRequest.sent', { mail: mailFromLink })}
        </p>
      )}
      <p className="text-body-secondary">{t('resetWithCode.intro')}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id="reset-mail"
          label={t('field.mail')}
          type="email"
          autoComplete="username"
          autoFocus={!mailFromLink}
          registration={register('mail')}
          error={formState.errors.mail}
        />
        <TextField
          id="reset-code"
          label={t('field.reset_code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus={!!mailFromLink}
          registration={register('reset_code')}
          error={formState.errors.reset_code}
        />
        <PasswordFields
          idPrefix="reset"
          passwordLabel={t('field.new_password')}
          password={register('password')}
          confirmPassword={register('confirm_password')}
          errors={formState.errors}
        />
        <SubmitButton pending={resetMutation.isPending}>{t('resetWithCode.submit')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
