/** What the window checks of a new password before sending it: the engine's own length (no composition rules). */
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../shared/staff';

export function newPasswordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `At least ${PASSWORD_MIN} characters: a few words make a good one.`;
  if (password.length > PASSWORD_MAX) return `At most ${PASSWORD_MAX} characters.`;
  return null;
}

export function repeatProblem(password: string, repeated: string): string | null {
  return password === repeated ? null : 'The two passwords differ.';
}
