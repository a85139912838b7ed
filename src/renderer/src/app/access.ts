/**
 * Who may use the window: a call refused for want of a session (it ended, it was logged out in another
 * tab, or browser mode lost its token) makes the window ask staff.me again, and App follows its answer:
 * the login page in team mode, the page about the missing token on a single desk. A call refused for
 * the role does too: an owner may have changed it, and the window then hides what it no longer allows;
 * and so does a call the shelter server refuses because its desk switched team mode off (the login page says so).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { endsSession, isRefusal, refusedForRole, refusedTeamModeOff } from '../client/errors';
import { TEAM_KEY } from '../client/staff';

const isTeamKey = (key: QueryKey | undefined) =>
  key !== undefined && key.length === TEAM_KEY.length && TEAM_KEY.every((part, index) => key[index] === part);

export function noteFailure(queryClient: QueryClient, error: unknown, key?: QueryKey): void {
  // staff.me's own refusal is the answer (no token): asking again would only loop.
  if (!(endsSession(error) || refusedForRole(error) || refusedTeamModeOff(error)) || isTeamKey(key)) return;
  void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
}

/** Retrying cannot fix what the engine refused; only an unreachable or failing engine is worth a second try. */
export function worthRetrying(failures: number, error: unknown): boolean {
  return !isRefusal(error) && failures < 2;
}
