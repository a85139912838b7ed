import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NEW_PASSWORD_HINT, newPasswordProblem, repeatProblem } from './password-rules';

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

/** A new password and the same again: "Your password" when one chooses one's own, "New password" otherwise. */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  label,
  autoFocus = false,
}: {
  form: UseFormReturnType<T>;
  label: 'Your password' | 'New password';
  autoFocus?: boolean;
}): React.JSX.Element {
  return (
    <>
      <PasswordInput
        label={label}
        description={NEW_PASSWORD_HINT}
        autoComplete="new-password"
        data-autofocus={autoFocus || undefined}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={label === 'New password' ? 'The new password again' : 'The password again'}
        autoComplete="new-password"
        {...form.getInputProps('repeated')}
      />
    </>
  );
}
