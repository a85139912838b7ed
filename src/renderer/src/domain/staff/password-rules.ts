/** What the window checks of a new member's name, login and password before sending them: the engine's own rules, in the window's words. */
import { isDeskName, PASSWORD_MAX, PASSWORD_MIN, StaffLoginSchema } from '../../../../shared/staff';

/** Under a member's name that reads as the desk's ("desk" in any case or width), and in the dialog if the engine refuses one. */
export const DESK_NAME_PROBLEM =
  'The audit trail calls this desk “desk”: give the person’s own name, so their changes and the desk’s stay apart.';

/** Under a new password field. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN} characters`;

/** `missing`: what to ask for when the field is empty (the first owner's own name, an invited member's). */
export function staffNameProblem(name: string, missing: string): string | null {
  if (!name.trim()) return missing;
  return isDeskName(name) ? DESK_NAME_PROBLEM : null;
}

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
