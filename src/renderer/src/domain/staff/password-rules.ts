/** What the window checks of a new member's name, login and password before sending them: the engine's own rules, in the window's words. */
import { isDeskName, PASSWORD_MAX, PASSWORD_MIN, StaffLoginSchema } from '../../../../shared/staff';
import { windowI18n } from '../../i18n/i18n';

/** Under a member's name that reads as the desk's ("desk" in any case or width), and in the dialog if the engine refuses one. */
export const deskNameProblem = (): string => windowI18n.t('login:rules.deskName');

/** Under a new password field. */
export const newPasswordHint = (): string => windowI18n.t('login:rules.passwordHint', { min: PASSWORD_MIN });

/** `missing`: what to ask for when the field is empty (the first owner's own name, an invited member's). */
export function staffNameProblem(name: string, missing: string): string | null {
  if (!name.trim()) return missing;
  return isDeskName(name) ? deskNameProblem() : null;
}

export function loginProblem(login: string): string | null {
  return StaffLoginSchema.safeParse(login).success ? null : windowI18n.t('login:rules.login');
}

export function newPasswordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return windowI18n.t('login:rules.tooShort', { min: PASSWORD_MIN });
  if (password.length > PASSWORD_MAX) return windowI18n.t('login:rules.tooLong', { max: PASSWORD_MAX });
  return null;
}

export function repeatProblem(password: string, repeated: string): string | null {
  return password === repeated ? null : windowI18n.t('login:rules.differ');
}
