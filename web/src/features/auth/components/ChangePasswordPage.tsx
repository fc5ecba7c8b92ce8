import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLoggedIn } from '@common/abilities';
import { appRoutes } from '@common/routes';
import { ChangePasswordBody } from '@common/schemas/user';
import { ApiError, isSuccess } from '@/api/client';
import { useCurrentUser } from '@/lib/currentUser';
import { applyServerFieldErrors, catalogueResolver } from '@/lib/forms';
import { useClaimedFields } from '@/lib/messageQueue';
import { TextField } from '@/ui/TextField';
import { useChangePassword } from '../api/changePassword';
import { AuthCard } from './AuthCard';
import { PasswordFields } from './PasswordFields';
import { SubmitButton } from './SubmitButton';

interface ChangePasswordForm {
  current_password: string;
  password: string;
  confirm_password: string;
}
const FIELDS = ['current_password', 'password', 'confirm_password'] as const;
const EMPTY: ChangePasswordForm = { current_password: '', password: '', confirm_password: '' };

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const loggedIn = isLoggedIn(useCurrentUser());
  const changeMutation = useChangePassword();
  const { register, handleSubmit, setError, reset, formState } = useForm<ChangePasswordForm, unknown, ChangePasswordBody>({
    resolver: catalogueResolver<ChangePasswordForm, ChangePasswordBody>(ChangePasswordBody),
    defaultValues: EMPTY,
  });
  useClaimedFields(FIELDS);

  if (!loggedIn) {
    return (
      <AuthCard title={t('changePassword.title')}>
        <p>{t('auth.loginRequired')}</p>
        <Link to={appRoutes.login} className="btn btn-primary">
          {t('nav.login')}
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit(({ current_password, password, confirm_password }) =>
    changeMutation.mutate(
      { current_password, password, confirm_password },
      {
        onSuccess: (env) => {
          if (isSuccess(env)) reset(EMPTY);
          else applyServerFieldErrors(env.messages, setError, FIELDS);
        },
        onError: (e) => {
          if (e instanceof ApiError) applyServerFieldErrors(e.envelope?.messages, setError, FIELDS);
        },
      },
    ),
  );

  return (
    <AuthCard title={t('changePassword.title')}>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id="change-current-password"
          label={t('field.current_password')}
          type="password"
          autoComplete="current-password"
          autoFocus
          registration={register('current_password')}
          error={formState.errors.current_password}
          hint={t('changePassword.currentHint')}
        />
        <PasswordFields
          idPrefix="change"
          passwordLabel={t('field.new_password')}
          password={register('password')}
          confirmPassword={register('confirm_password')}
          errors={formState.errors}
        />
        <SubmitButton pending={changeMutation.isPending}>{t('changePassword.submit')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
