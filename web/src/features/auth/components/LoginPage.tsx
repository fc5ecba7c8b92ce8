import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLoggedIn } from '@common/abilities';
import { appRoutes } from '@common/routes';
import { LoginBody } from '@common/schemas/user';
import { ApiError, isSuccess } from '@/api/client';
import { useCurrentUser } from '@/lib/currentUser';
import { applyServerFieldErrors, catalogueResolver } from '@/lib/forms';
import { useClaimedFields } from '@/lib/messageQueue';
import { TextField } from '@/ui/TextField';
import { useLogin } from '../api/login';
import { useLeaveWhenLoggedIn } from '../hooks/useLeaveWhenLoggedIn';
import { AuthCard } from './AuthCard';
import { SubmitButton } from './SubmitButton';

interface LoginForm {
  mail: string;
  password: string;
}
const FIELDS = ['mail', 'password'] as const;

export default function LoginPage() {
  const { t } = useTranslation();
  const loggedIn = isLoggedIn(useCurrentUser());
  useLeaveWhenLoggedIn(loggedIn);
  const loginMutation = useLogin();
  const { register, handleSubmit, setError, resetField, formState } = useForm<LoginForm, unknown, LoginBody>({
    resolver: catalogueResolver<LoginForm, LoginBody>(LoginBody),
    defaultValues: { mail: '', password: '' },
  });
  useClaimedFields(FIELDS);

  const onSubmit = handleSubmit(({ mail, password }) =>
    loginMutation.mutate(
      { mail, password },
      {
        onSuccess: (env) => {
          if (isSuccess(env)) return;
          applyServerFieldErrors(env.messages, setError, FIELDS);
          resetField('password');
        },
        onError: (e) => {
          if (e instanceof ApiError) applyServerFieldErrors(e.envelope?.messages, setError, FIELDS);
        },
      },
    ),
  );

  if (loggedIn) return null;

  return (
    <AuthCard
      title={t('login.title')}
      footer={
        <div className="d-flex justify-content-between flex-wrap gap-2">
          <Link to={appRoutes.register}>{t('login.toRegister')}</Link>
          <Link to={appRoutes.resetRequest}>{t('login.toReset')}</Link>
        </div>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id="login-mail"
          label={t('field.mail')}
          type="email"
          autoComplete="username"
          autoFocus
          registration={register('mail')}
          error={formState.errors.mail}
        />
        <TextField
          id="login-password"
          label={t('field.password')}
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={formState.errors.password}
        />
        <SubmitButton pending={loginMutation.isPending}>{t('login.submit')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
