/**
 * Team mode in the window: who is calling and what the policy lets them call
 * (staff.me), logging in and out, and the owners' work on the team. The engine stays the judge:
 * what the window hides here it would still refuse.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminChannel } from '../../../shared/admin-contract';
import type { TeamState } from '../../../shared/channels/staff';
import type { PublishedLanguage } from '../../../shared/shelter';
import type { PendingInvite, StaffMember, StaffRole } from '../../../shared/staff';
import { windowI18n } from '../i18n/i18n';
import { SHOWN_IN_PLACE } from './errors';
import { listenAgainNow } from './live-updates';
import { withProgress } from './notify';
import { call } from './transport';

/** Every staff query starts with this; none is per environment (staff live in the production database). */
export const STAFF_KEY = ['staff'] as const;
export const TEAM_KEY = [...STAFF_KEY, 'me'] as const;
const LIST_KEY = [...STAFF_KEY, 'list'] as const;
const INVITATIONS_KEY = [...STAFF_KEY, 'invitations'] as const;
const LOCKOUTS_KEY = [...STAFF_KEY, 'lockouts'] as const;

/** A role as the window's language names it. */
export const roleWord = (role: StaffRole): string => windowI18n.t(`domain:staff.roles.${role}`);

/** Who is calling: the desk, a member, or nobody yet (then the window shows the login page). */
export function useTeam() {
  return useQuery({ queryKey: TEAM_KEY, queryFn: () => call('staff.me', {}), staleTime: 60_000 });
}

/** Whether the caller may call `channel`: what the window shows or hides. Nothing until the answer is in. */
export function useCan(channel: AdminChannel): boolean {
  return useTeam().data?.channels.includes(channel) ?? false;
}

/** A new caller sees nothing the last one read: every answer but the team's is dropped. */
function forgetAnswers(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== STAFF_KEY[0] });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { login: string; password: string }) => call('staff.login', credentials),
    onSuccess: async () => {
      forgetAnswers(queryClient);
      listenAgainNow();
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
  });
}

/** Ends the session, here and on the server; the window goes back to the login page. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('staff.logout', {}),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      forgetAnswers(queryClient);
    },
  });
}

/** Every session of the member ends with it, this one too: the window then asks to log in again. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (change: { current: string; password: string }) => call('staff.changePassword', change),
  });
}

export function useAcceptInvite() {
  return useMutation({
    mutationFn: (acceptance: { code: string; login: string; password: string }) =>
      call('staff.acceptInvite', acceptance),
  });
}

export function useStaffList(enabled: boolean) {
  return useQuery({ queryKey: LIST_KEY, queryFn: () => call('staff.list', {}), enabled });
}

/** The invitations still waiting for their member (never their codes). */
export function useInvitations(enabled: boolean) {
  return useQuery({ queryKey: INVITATIONS_KEY, queryFn: () => call('staff.invitations', {}), enabled });
}

/** The login brakes refusing attempts now; read again each time the page opens. */
export function useLockouts(enabled: boolean) {
  return useQuery({ queryKey: LOCKOUTS_KEY, queryFn: () => call('staff.lockouts', {}), enabled, staleTime: 0 });
}

/** The owners' actions: each in a dialog that shows its own refusal, then the list is read again. */
function useTeamAction<I, O>(run: (input: I) => Promise<O>, progress: string, success: (output: O) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) =>
      withProgress(progress, () => run(input), success, { shownInPlace: SHOWN_IN_PLACE.always }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

export function useInvite() {
  return useTeamAction(
    (invite: { name: string; role: StaffRole; personId?: number }) => call('staff.invite', invite),
    windowI18n.t('staff:toasts.inviting'),
    (invite) => windowI18n.t('staff:toasts.invited', { name: invite.name }),
  );
}

export function useSetRole() {
  return useTeamAction(
    (change: { id: number; role: StaffRole }) => call('staff.setRole', change),
    windowI18n.t('staff:toasts.settingRole'),
    (member: StaffMember) => windowI18n.t('staff:toasts.roleSet', { name: member.name, role: roleWord(member.role) }),
  );
}

export function useDeactivate() {
  return useTeamAction(
    (member: { id: number }) => call('staff.deactivate', member),
    windowI18n.t('staff:toasts.deactivating'),
    (member: StaffMember) => windowI18n.t('staff:toasts.deactivated', { name: member.name }),
  );
}

/** The first owner, at the desk: team mode starts with them. */
export function useSetupOwner() {
  return useTeamAction(
    (owner: { name: string; login: string; password: string }) => call('staff.setupOwner', owner),
    windowI18n.t('staff:toasts.settingUp'),
    (member: StaffMember) => windowI18n.t('staff:toasts.setUp', { name: member.name }),
  );
}

/** A deactivated member may log in again, with their login and password as they were. */
export function useReactivate() {
  return useTeamAction(
    (member: { id: number }) => call('staff.reactivate', member),
    windowI18n.t('staff:toasts.reactivating'),
    (member: StaffMember) => windowI18n.t('staff:toasts.reactivated', { name: member.name }),
  );
}

/** An owner's reset of a member's password: every session of theirs ends. */
export function useSetPassword() {
  return useTeamAction(
    (reset: { id: number; password: string }) => call('staff.setPassword', reset),
    windowI18n.t('staff:toasts.settingPassword'),
    () => windowI18n.t('staff:toasts.passwordSet'),
  );
}

export function useRename() {
  return useTeamAction(
    (rename: { id: number; name: string }) => call('staff.rename', rename),
    windowI18n.t('staff:toasts.renaming'),
    (member: StaffMember) => windowI18n.t('staff:toasts.renamed', { name: member.name }),
  );
}

/** Team mode off or on, at the desk: the team's answer is read again with the list. */
export function useSetTeamMode() {
  return useTeamAction(
    (change: { enabled: boolean }) => call('team.setEnabled', change),
    windowI18n.t('staff:toasts.switching'),
    ({ teamMode }: { teamMode: boolean }) => windowI18n.t(teamMode ? 'staff:toasts.teamOn' : 'staff:toasts.teamOff'),
  );
}

/** Takes back an invitation: its code works no more. */
export function useRevokeInvite() {
  return useTeamAction(
    (invite: { id: number }) => call('staff.revokeInvite', invite),
    windowI18n.t('staff:toasts.revoking'),
    (invite: PendingInvite) => windowI18n.t('staff:toasts.revoked', { name: invite.name }),
  );
}

/** The caller's own language for the window (a member's, or a single desk's); staff.me tells it back. */
export function useSetLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: { language: PublishedLanguage | null }) => call('staff.setLanguage', choice),
    onSuccess: ({ language }) =>
      queryClient.setQueryData<TeamState>(TEAM_KEY, (team) => (team ? { ...team, language } : team)),
  });
}
