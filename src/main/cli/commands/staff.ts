import fs from 'node:fs';
import { type Command, Option } from 'commander';
import { AppError } from '../../../shared/errors';
import {
  DESK_NAME,
  STAFF_ROLES,
  StaffLoginSchema,
  StaffNameSchema,
  StaffPasswordSchema,
  type PendingInvite,
  type StaffLockout,
  type StaffMember,
  type StaffRole,
} from '../../../shared/staff';
import { parseOrThrow } from '../../../shared/validation';
import type { Engine } from '../../engine/engine';
import { positiveInt } from '../arguments';
import { note, printObject, printRows } from '../output';
import { run } from '../run';

/** Staff live in the production database, whichever environment a window shows (docs/decisions.md). */
function staffOf(engine: Engine) {
  if (engine.environment !== 'production')
    throw new AppError('validation_failed', 'Staff accounts live in the production data; leave out --env.', {
      details: { field: 'environment' },
    });
  return engine.services.staff;
}

/** The first line of a file, or of standard input for `-`: never a flag's value, which would stay in the shell's history. */
function readPassword(file: string): string {
  const text = fs.readFileSync(file === '-' ? 0 : file, 'utf8');
  return parseOrThrow(StaffPasswordSchema, text.split(/\r?\n/)[0] ?? '', 'password');
}

const row = (member: StaffMember) => ({
  id: member.id,
  name: member.name,
  login: member.login,
  role: member.role,
  active: member.active ? 'yes' : 'no',
  createdAt: member.createdAt,
});
const shown = (output: Parameters<typeof printObject>[0], member: StaffMember) =>
  printObject(output, output.json ? member : row(member));
const inviteRow = (invite: PendingInvite) => ({
  id: invite.id,
  name: invite.name,
  role: invite.role,
  invitedBy: invite.invitedBy?.name ?? DESK_NAME,
  createdAt: invite.createdAt,
  expiresAt: invite.expiresAt,
});
const lockoutRow = (lockout: StaffLockout) => ({
  kind: lockout.kind,
  subject: lockout.subject ?? '',
  address: lockout.address ?? 'any',
  until: lockout.until,
});
const roleOption = () => new Option('--role <role>').choices(STAFF_ROLES).makeOptionMandatory();

/** `staff add|list|invite|invitations|revoke-invite|lockouts|set-role|deactivate|reactivate|rename|password` and `team status|enable|disable` (docs/guide/team.md). */
export function registerStaffCommands(program: Command): void {
  const staff = program
    .command('staff')
    .description('Staff accounts for team mode: logins and roles (the first owner turns team mode on)');
  staff
    .command('add')
    .description('Add a member of staff; the first owner turns team mode on')
    .requiredOption('--name <name>')
    .requiredOption('--login <login>')
    .addOption(roleOption())
    .requiredOption('--password-file <file>', 'the password: the first line of FILE, or of standard input for -')
    .action(
      run(async (engine, output, options: { name: string; login: string; role: StaffRole; passwordFile: string }) => {
        const service = staffOf(engine);
        const wasTeam = service.teamMode();
        const added = await service.add({
          name: parseOrThrow(StaffNameSchema, options.name, 'name'),
          login: parseOrThrow(StaffLoginSchema, options.login, 'login'),
          role: options.role,
          password: readPassword(options.passwordFile),
        });
        printObject(output, output.json ? added : row(added));
        if (!wasTeam && service.teamMode())
          note('Team mode is on: the admin pages now ask staff to log in (the admin token still works).');
      }),
    );
  staff
    .command('list')
    .description('List the members of staff')
    .action(
      run((engine, output) =>
        printRows(
          output,
          output.json ? staffOf(engine).list() : staffOf(engine).list().map(row),
          'No staff yet: a single desk. Add the first owner with "staff add --role owner".',
        ),
      ),
    );
  staff
    .command('invite')
    .description('A one-time code (valid 7 days) with which a new member picks their own login and password')
    .requiredOption('--name <name>')
    .addOption(roleOption())
    .action(
      run((engine, output, options: { name: string; role: StaffRole }) =>
        printObject(output, staffOf(engine).invite(parseOrThrow(StaffNameSchema, options.name, 'name'), options.role)),
      ),
    );
  staff
    .command('invitations')
    .description('List the invitations not yet used, revoked or expired: who made each, its role, when it expires')
    .action(
      run((engine, output) => {
        const pending = staffOf(engine).pendingInvites();
        printRows(output, output.json ? pending : pending.map(inviteRow), 'No invitation is waiting.');
      }),
    );
  staff
    .command('revoke-invite <id>')
    .description('Take back a pending invitation: its code works no more')
    .action(
      run((engine, output, id: string) =>
        printObject(output, inviteRow(staffOf(engine).revokeInvite(positiveInt(id)))),
      ),
    );
  staff
    .command('lockouts')
    .description('The logins, addresses, password changes and invitations refusing attempts now, and until when')
    .action(
      run((engine, output) => {
        const lockouts = staffOf(engine).lockouts();
        printRows(output, output.json ? lockouts : lockouts.map(lockoutRow), 'Nothing is locked out.');
      }),
    );
  staff
    .command('set-role <id>')
    .description("Change a member's role (takes effect on their next call)")
    .addOption(roleOption())
    .action(
      run((engine, output, id: string, options: { role: StaffRole }) =>
        shown(output, staffOf(engine).setRole(positiveInt(id), options.role)),
      ),
    );
  staff
    .command('deactivate <id>')
    .description('Deactivate a member: their sessions end at once; the last owner stays')
    .action(run((engine, output, id: string) => shown(output, staffOf(engine).deactivate(positiveInt(id)))));
  staff
    .command('reactivate <id>')
    .description('Let a deactivated member log in again, with their login and password as they were')
    .action(run((engine, output, id: string) => shown(output, staffOf(engine).reactivate(positiveInt(id)))));
  staff
    .command('rename <id>')
    .description(
      "Correct a member's name (their login stays; the audit trail keeps the name each entry was made under)",
    )
    .requiredOption('--name <name>')
    .action(
      run((engine, output, id: string, options: { name: string }) =>
        shown(output, staffOf(engine).rename(positiveInt(id), parseOrThrow(StaffNameSchema, options.name, 'name'))),
      ),
    );
  staff
    .command('password <id>')
    .description("Set a member's password; their sessions end")
    .requiredOption('--password-file <file>', 'the password: the first line of FILE, or of standard input for -')
    .action(
      run(async (engine, _output, id: string, options: { passwordFile: string }) => {
        await staffOf(engine).setPassword(positiveInt(id), readPassword(options.passwordFile));
        note(`Password of member ${id} set; their sessions have ended.`);
      }),
    );

  const team = program
    .command('team')
    .description('Team mode: staff log in to the admin pages, with roles (or a single desk, the default)');
  team
    .command('status')
    .description('Whether this data dir runs as a team')
    .action(
      run((engine, output) =>
        printObject(output, {
          teamMode: staffOf(engine).teamMode() ? 'on' : 'off',
          members: staffOf(engine).list().length,
        }),
      ),
    );
  team
    .command('enable')
    .description('Turn team mode on (needs an active owner)')
    .action(run((engine) => (staffOf(engine).enableTeam(), note('Team mode is on.'))));
  team
    .command('disable')
    .description('Back to a single desk: no logins, every session ends, every call allowed; the accounts are kept')
    .action(
      run(
        (engine) => (
          staffOf(engine).disableTeam(),
          note('Team mode is off: a single desk. Every member was logged out.')
        ),
      ),
    );
}
