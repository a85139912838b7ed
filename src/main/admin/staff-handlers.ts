import { AppError } from '../../shared/errors';
import { ADMIN_CHANNELS } from '../../shared/admin-contract';
import type { AuditWrite, VersionQuery } from '../audit/audit';
import type { AuditedWrite } from '../audit/record';
import { readBefore } from '../audit/before';
import type { AppHost } from '../host/app-host';
import type { CallContext, TeamGate } from '../staff/access';
import { mayCall } from '../staff/policy';
import type { AdminHandlers } from './dispatch';

type StaffChannel = Extract<keyof AdminHandlers, `staff.${string}`> | 'team.setEnabled';

/** The member a call runs as; the desk has none, so a member's own action is refused there. */
function memberOf(context: CallContext) {
  if (!context.member)
    throw new AppError('unauthorized', 'Log in as a member of staff first.', { details: { reason: 'login_required' } });
  return context.member;
}

/** Logging in and joining the team need team mode on: a browser on the shelter server is told it is off. */
function refuseTeamModeOff(context: CallContext): void {
  if (!context.teamMode)
    throw new AppError('conflict', 'This desk is not in team mode: there is nothing to log in to.', {
      details: { reason: 'team_mode_off' },
    });
}

/** Staff, logins and roles: always the production engine's, whichever environment the window shows. */
export function staffHandlers(host: AppHost): Pick<AdminHandlers, StaffChannel> {
  const staff = () => host.engine('production').services.staff;
  // A login is linked to someone of the production register, who must be there (not_found otherwise).
  const person = (id: number) => host.engine('production').services.people.get(id);
  return {
    'staff.login': async ({ login, password }, context) => {
      refuseTeamModeOff(context);
      const started = await staff().login(login, password, context.call.address);
      context.call.setSession?.(started.sessionId);
      return started.member;
    },
    'staff.logout': (_input, context) => {
      if (context.call.credential.kind === 'session') staff().logout(context.call.credential.id);
      context.call.setSession?.(null);
      return null;
    },
    'staff.me': (_input, context) => {
      // Every call of a single desk comes with the desk's credential (IPC, the token); a staff browser after team mode went off is nobody.
      const desk = context.call.credential.kind === 'desk';
      const role = context.member?.role ?? null;
      const channels = desk ? [...ADMIN_CHANNELS] : ADMIN_CHANNELS.filter((channel) => mayCall(role, channel));
      return {
        teamMode: context.teamMode,
        me: context.member,
        caller: desk ? 'desk' : context.member ? 'member' : 'nobody',
        channels,
        language: context.member ? staff().language(context.member.id) : desk ? host.deskLanguage() : null,
        shelterLanguage: host.engine('production').services.shelter.get().language ?? null,
      };
    },
    'staff.setLanguage': ({ language }, context) => {
      // The desk (a single desk, or the desktop shell in team mode) keeps its own; a member only ever sets theirs.
      if (context.call.credential.kind === 'desk') host.setDeskLanguage(language);
      else staff().setLanguage(memberOf(context).id, language);
      return { language };
    },
    'staff.changePassword': async ({ current, password }, context) => {
      await staff().changeOwnPassword(memberOf(context).id, current, password, context.call.address);
      context.call.setSession?.(null);
      return null;
    },
    'staff.list': () => staff().list(),
    'staff.invite': ({ name, role, personId }, context) => {
      if (personId !== undefined) person(personId);
      return staff().invite(name, role, context.member?.id ?? null, personId);
    },
    'staff.linkPerson': ({ id, personId }) => {
      staff().get(id);
      if (personId !== null) person(personId);
      return staff().people.setLink(id, personId);
    },
    'staff.personLinks': () => staff().people.all(),
    'staff.acceptInvite': ({ code, login, password }, context) => {
      // The desk may make a member with an invitation whatever the mode; a staff browser joins a team that logs in.
      if (context.call.credential.kind !== 'desk') refuseTeamModeOff(context);
      return staff().acceptInvite(code, login, password, context.call.address);
    },
    'staff.setRole': ({ id, role }) => staff().setRole(id, role),
    'staff.deactivate': ({ id }) => staff().deactivate(id),
    // Only the desk reaches it: its declaration's `may: 'desk'`, judged in the dispatch (staff/access.ts).
    'staff.setupOwner': (fields) => staff().setupOwner(fields),
    'staff.reactivate': ({ id }) => staff().reactivate(id),
    'staff.setPassword': async ({ id, password }, context) => {
      // One's own password is changed knowing the current one: a session left open must not be enough to take the account.
      if (context.member?.id === id) {
        throw new AppError(
          'forbidden',
          'Your own password is changed with Change password, which asks the current one.',
          { details: { reason: 'own_password', staffId: id } },
        );
      }
      await staff().setPassword(id, password);
      return null;
    },
    'staff.rename': ({ id, name }) => staff().rename(id, name),
    'team.setEnabled': ({ enabled }) => {
      if (enabled) staff().enableTeam();
      else staff().disableTeam();
      return { teamMode: staff().teamMode() };
    },
    'staff.invitations': () => staff().pendingInvites(),
    'staff.revokeInvite': ({ id }) => staff().revokeInvite(id),
    'staff.lockouts': () => staff().lockouts(),
  };
}

/** Team mode as the dispatch and the admin server ask it: the production engine's staff. */
export function teamGateOf(host: AppHost): () => TeamGate {
  return () => {
    const { staff } = host.engine('production').services;
    // The trail is asked for at the write's end: a settings save may have restarted the engine meanwhile.
    const recorder = {
      record: (write: AuditWrite) => host.engine('production').services.audit.record(write),
      before: (write: AuditedWrite, input: unknown) =>
        readBefore((environment) => host.engine(environment).services, write.saves, input),
      versionWriter: (query: VersionQuery) => host.engine('production').services.audit.versionWriter(query),
    };
    return {
      teamMode: () => staff.teamMode(),
      session: (id) => staff.session(id),
      audit: recorder,
      fosterCare: (member, environment) => {
        // The link names a person of production's register: in another environment that person has no placements.
        const personId = environment === 'production' ? staff.people.personOf(member.id) : null;
        const { shelterDay, care } = host.engine(environment).services;
        return {
          pets: new Set(personId === null ? [] : shelterDay.fosteredBy(personId)),
          petOfDose: (doseId) => care.petOfDose(doseId),
        };
      },
    };
  };
}
