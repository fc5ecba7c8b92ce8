import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isLoggedIn } from '@common/abilities';
import { appRoutes } from '@common/routes';
import { RegisterBody } from '@common/schemas/user';
import { ApiError, isSuccess } from '@/api/client';
import { currentLanguage } from '@/i18n/i18n';
import { useCurrentUser } from '@/lib/currentUser';
import { applyServerFieldErrors, catalogueResolver } from '@/lib/forms';
import { useClaimedFields } from '@/lib/messageQueue';
import { TextField } from '@/ui/TextField';
import { useRegister } from '../api/register';
import { AuthCard } from './AuthCard';
import { PasswordFields } from './PasswordFields';
import { SubmitButton } from './SubmitButton';

interface RegisterForm {
  mail: string;
  password: string;
  confirm_password: string;
  firstname: string;
}
const FIELDS = ['mail', 'password', 'confirm_password', 'firstname'] as const;

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = isLoggedIn(useCurrentUser());
  const registerMutation = useRegister();
  const { register, handleSubmit, setError, formState } = useForm<RegisterForm, unknown, RegisterBody>({
    resolver: catalogueResolver<RegisterForm, RegisterBody>(RegisterBody),
    defaultValues: { mail: '', password: '', confirm_password: '', firstname: '' },
  });
  useClaimedFields(FIELDS);

  const onSubmit = handleSubmit(({ mail, password, confirm_password, firstname }) =>
    registerMutation.mutate(
      { mail, password, confirm_password, firstname, language: currentLanguage() },
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

  if (loggedIn && registerMutation.isIdle) {
    return (
      <AuthCard title={t('register.title')}>
        <p>{t('auth.alreadyLoggedIn')}</p>
        <Link to={appRoutes.profile} className="btn btn-primary">
          {t('nav.profile')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} footer={<Link to={appRoutes.login}>{t('register.toLogin')}</Link>}>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id="register-mail"
          label={t('field.mail')}
          type="email"
          autoComplete="email"
          autoFocus
          registration={register('mail')}
          error={formState.errors.mail}
        />
        <TextField
          id="register-firstname"
          label={t('field.firstnameAtSignUp')}
          autoComplete="name"
          hint={t('register.nameHint')}
          registration={register('firstname')}
          error={formState.errors.firstname}
        />
        <PasswordFields
          idPrefix="register"
          passwordLabel={t('field.password')}
          password={register('password')}
          confirmPassword={register('confirm_password')}
          errors={formState.errors}
        />
        <SubmitButton pending={registerMutation.isPending}>{t('register.submit')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
