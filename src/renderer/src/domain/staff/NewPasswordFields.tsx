import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { newPasswordHint, newPasswordProblem, repeatProblem } from './password-rules';

/** The two fields of a password being chosen, as every form that chooses one holds them. */
export interface NewPasswordValues {
  password: string;
  repeated: string;
}

/** Their checks, for a form's `validate`: the engine's length rules, and the same twice. */
export const NEW_PASSWORD_VALIDATION = {
  password: newPasswordProblem,
  repeated: (value: string, values: NewPasswordValues) => repeatProblem(values.password, value),
};

/** A new password and the same again: "Your password" when one chooses one's own (`own`), "New password" otherwise. */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  own = false,
  autoFocus = false,
}: {
  form: UseFormReturnType<T>;
  own?: boolean;
  autoFocus?: boolean;
}): React.JSX.Element {
  const { t } = useTranslation('login');
  return (
    <>
      <PasswordInput
        label={own ? t('yourPassword') : t('rules.newPassword')}
        description={newPasswordHint()}
        autoComplete="new-password"
        data-autofocus={autoFocus || undefined}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={own ? t('rules.again') : t('rules.newAgain')}
        autoComplete="new-password"
        {...form.getInputProps('repeated')}
      />
    </>
  );
}
