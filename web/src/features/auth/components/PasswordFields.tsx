import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/ui/TextField';

interface PasswordFieldsProps {
  /** Prefix of the input ids: `${idPrefix}-password` and `${idPrefix}-confirm-password`. */
  idPrefix: string;
  /** "Password" when registering, "New password" when replacing one. */
  passwordLabel: ReactNode;
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: FieldError; confirm_password?: FieldError };
}

/** The password a person chooses and its confirmation, as registering and both password changes ask for them. */
export function PasswordFields({ idPrefix, passwordLabel, password, confirmPassword, errors }: PasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${idPrefix}-password`}
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        registration={password}
        error={errors.password}
        hint={t('auth.passwordHint')}
      />
      <TextField
        id={`${idPrefix}-confirm-password`}
        label={t('field.confirm_password')}
        type="password"
        autoComplete="new-password"
        registration={confirmPassword}
        error={errors.confirm_password}
      />
    </>
  );
}
