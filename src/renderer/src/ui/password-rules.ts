/** What the window checks of a new login and password before sending them: the engine's own rules, in the window's words. */
import { PASSWORD_MAX, PASSWORD_MIN, StaffLoginSchema } from '../../../shared/staff';

/** Under a new password field. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN} characters`;

export function loginProblem(login: string): string | null {
  return StaffLoginSchema.safeParse(login).success ? null : 'Letters, digits, dot, dash and underscore; at least 2';
}

export function newPasswordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `At least ${PASSWORD_MIN} characters: a few words make a good one.`;
  if (password.length > PASSWORD_MAX) return `At most ${PASSWORD_MAX} characters.`;
  return null;
}

export function repeatProblem(password: string, repeated: string): string | null {
  return password === repeated ? null : 'The two passwords differ.';
}
