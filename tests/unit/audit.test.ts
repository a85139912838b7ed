/** The audit trail: every successful admin write leaves an entry, no read does, no secret is kept. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminDispatcher } from '../../src/main/admin/dispatch';
import { createAdminHandlers } from '../../src/main/admin/handlers';
import { teamGateOf } from '../../src/main/admin/staff-handlers';
import { redacted } from '../../src/main/audit/audit';
import { AUDITED } from '../../src/main/audit/channels';
import { AppHost } from '../../src/main/host/app-host';
import { ADMIN_CHANNEL_NAMES } from '../../src/shared/admin-channels';
import type { AuditEntry } from '../../src/shared/audit';
import { secretField } from '../../src/shared/privacy';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const PASSWORD = 'correct horse battery staple';

describe('the audit trail', () => {
  let dataDir: string;
  let host: AppHost;
  let dispatch: ReturnType<typeof adminDispatcher>;
  const value = async (channel: string, payload: unknown): Promise<unknown> => {
    const answer = await dispatch(channel, payload);
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    return answer.value;
  };
  const entries = async (filter: Record<string, unknown> = {}) =>
    (await value('audit.list', { environment: 'production', filter })) as AuditEntry[];

  beforeEach(async () => {
    dataDir = makeTempDir();
    host = new AppHost({ dataDir, overrides: { ports: { production: 0, staging: 0 } } });
    await host.start();
    dispatch = adminDispatcher(createAdminHandlers(host), teamGateOf(host));
  });
  afterEach(async () => {
    await host.stop();
    removeTempDir(dataDir);
  });

  it('decides for every admin channel whether it writes', () => {
    const undecided = ADMIN_CHANNEL_NAMES.filter(
      (channel) => typeof (AUDITED as Record<string, boolean | undefined>)[channel] !== 'boolean',
    );
    expect(
      undecided,
      `These admin channels are neither reads nor writes in AUDITED (src/main/audit/channels.ts): ${undecided.join(', ')}`,
    ).toEqual([]);
  });

  it('records a pet edit: the desk, the channel, the record and the change', async () => {
    await value('categories.create', { environment: 'production', name: 'Ferrets' });
    const { id } = (await value('pets.create', {
      environment: 'production',
      pet: { name: 'Luna', categoryId: 1 },
    })) as { id: number };
    expect((await dispatch('pets.update', { environment: 'production', id, changes: { name: 'Lunita' } })).ok).toBe(
      true,
    );
    const [edit] = await entries({ channel: 'pets.update' });
    expect(edit).toMatchObject({
      staffId: null,
      staffName: 'desk',
      channel: 'pets.update',
      record: String(id),
      input: { id, changes: { name: 'Lunita' } },
    });
    expect(edit?.changes).toEqual({ name: { before: 'Luna', after: 'Lunita' }, version: { before: 1, after: 2 } });
    expect(edit?.at).toBeGreaterThan(0);
    expect((await entries({ record: String(id) })).map((entry) => entry.channel)).toEqual([
      'pets.update',
      'pets.create',
    ]);
  });

  it('records before → after of a profile, a status and a person', async () => {
    const { id } = (await value('pets.create', { environment: 'production', pet: { name: 'Rex', categoryId: 1 } })) as {
      id: number;
    };
    await value('pets.setProfile', { environment: 'production', id, profile: { microchipNumber: '985112345678901' } });
    await value('pets.setStatus', { environment: 'production', id, status: 'pending' });
    const [status, profile] = await entries({ record: String(id) });
    expect(profile?.changes).toMatchObject({ microchipNumber: { before: null, after: '985112345678901' } });
    expect(status?.changes).toMatchObject({ status: { before: 'available', after: 'pending' } });
    expect((await entries({ channel: 'pets.create' }))[0]?.changes).toBeNull();
    const added = (await value('people.add', {
      environment: 'production',
      person: { name: 'Marta Gil', email: 'marta@example.org' },
    })) as { person: { id: number } };
    await value('people.edit', {
      environment: 'production',
      id: added.person.id,
      changes: { email: 'marta.gil@example.org' },
    });
    const [edit] = await entries({ channel: 'people.edit' });
    // The fields changed are named, a person's details are not kept: forgetting them leaves nothing here.
    expect(edit).toMatchObject({
      record: String(added.person.id),
      changes: { email: { before: '[personal]', after: '[personal]' } },
    });
    // The person added is the record of their entry too (the answer nests them), so the Audit page links it.
    expect((await entries({ channel: 'people.add' }))[0]?.record).toBe(String(added.person.id));
    expect(JSON.stringify(await entries({}))).not.toMatch(/marta|Marta Gil/);
  });

  it('names the member of a team session and the address the call came from', async () => {
    await host
      .engine('production')
      .services.staff.add({ name: 'Ana Ruiz', login: 'ana', role: 'owner', password: PASSWORD });
    let session: string | null = null;
    const address = '192.168.1.20';
    const login = await dispatch(
      'staff.login',
      { login: 'ana', password: PASSWORD },
      { credential: { kind: 'none' }, address, setSession: (id) => (session = id) },
    );
    expect(login).toMatchObject({ ok: true });
    const call = { credential: { kind: 'session' as const, id: session ?? '' }, address };
    expect(await dispatch('categories.create', { environment: 'production', name: 'Hedgehogs' }, call)).toMatchObject({
      ok: true,
    });
    const [created, loggedIn] = await entries();
    expect(created).toMatchObject({ staffName: 'Ana Ruiz', address, channel: 'categories.create' });
    expect(created?.staffId).toBeGreaterThan(0);
    expect(loggedIn).toMatchObject({
      staffName: 'Ana Ruiz',
      channel: 'staff.login',
      input: { login: 'ana', password: '[removed]' },
    });
  });

  it("lists as the desk's only the writes made at the desk, never a member's named Desk before such names were refused", async () => {
    const staff = host.engine('production').services.staff;
    await staff.add({ name: 'Ana Ruiz', login: 'ana', role: 'owner', password: PASSWORD });
    // A member named so before the rule: their name written straight into the table, as an older version could.
    const legacy = await staff.add({ name: 'Ben', login: 'ben', role: 'staff', password: PASSWORD });
    host.engine('production').sqlite.prepare("UPDATE staff_members SET name = 'Desk' WHERE id = ?").run(legacy.id);
    let session: string | null = null;
    expect(
      await dispatch(
        'staff.login',
        { login: 'ben', password: PASSWORD },
        { credential: { kind: 'none' }, address: null, setSession: (id) => (session = id) },
      ),
    ).toMatchObject({ ok: true });
    expect(
      await dispatch(
        'categories.create',
        { environment: 'production', name: 'Hedgehogs' },
        { credential: { kind: 'session', id: session ?? '' }, address: null },
      ),
    ).toMatchObject({ ok: true });
    await value('categories.create', { environment: 'production', name: 'Ferrets' });
    expect((await entries({ channel: 'categories.create' })).map((entry) => [entry.staffId, entry.staffName])).toEqual([
      [null, 'desk'],
      [legacy.id, 'Desk'],
    ]);
    for (const desk of ['desk', 'DESK', ' Desk ', 'ｄｅｓｋ']) {
      const listed = await entries({ staff: desk });
      expect(
        listed.map((entry) => [entry.staffId, entry.staffName, (entry.input as { name?: string }).name]),
        desk,
      ).toEqual([[null, 'desk', 'Ferrets']]);
    }
    expect(await dispatch('staff.invite', { name: 'DESK', role: 'staff' })).toMatchObject({
      ok: false,
      error: { code: 'validation_failed', details: { field: 'name', reason: 'name_reserved', reserved: 'desk' } },
    });
  });

  it('finds a renamed member by the name they bear now and by the name their older entries were made under', async () => {
    const staff = host.engine('production').services.staff;
    await staff.add({ name: 'Ana Ruiz', login: 'ana', role: 'owner', password: PASSWORD });
    const vera = await staff.add({ name: 'Vera Lnid', login: 'vera', role: 'staff', password: PASSWORD });
    const asVera = async (name: string) => {
      let session: string | null = null;
      expect(
        await dispatch(
          'staff.login',
          { login: 'vera', password: PASSWORD },
          { credential: { kind: 'none' }, address: null, setSession: (id) => (session = id) },
        ),
      ).toMatchObject({ ok: true });
      expect(
        await dispatch(
          'categories.create',
          { environment: 'production', name },
          { credential: { kind: 'session', id: session ?? '' }, address: null },
        ),
      ).toMatchObject({ ok: true });
    };
    await asVera('Hedgehogs');
    await value('staff.rename', { id: vera.id, name: 'Vera Lind' });
    await asVera('Ferrets');
    await value('categories.create', { environment: 'production', name: 'Tortoises' });
    const made = async (staffName: string) =>
      (await entries({ staff: staffName, channel: 'categories.create' })).map((entry) => [
        entry.staffName,
        (entry.input as { name: string }).name,
      ]);
    expect(await made('vera lind')).toEqual([
      ['Vera Lind', 'Ferrets'],
      ['Vera Lnid', 'Hedgehogs'],
    ]);
    expect(await made('Vera Lnid')).toEqual([['Vera Lnid', 'Hedgehogs']]);
    expect(await made('desk')).toEqual([['desk', 'Tortoises']]);
  });

  it('records nothing for a read, nor for a refused write', async () => {
    expect((await dispatch('pets.browse', { environment: 'production', query: {} })).ok).toBe(true);
    expect((await dispatch('categories.list', { environment: 'production' })).ok).toBe(true);
    expect(
      (await dispatch('pets.update', { environment: 'production', id: 999, changes: { name: 'Nobody' } })).ok,
    ).toBe(false);
    expect(await entries()).toEqual([]);
  });

  it('never keeps a password or an invite code, and names the member who logged in', async () => {
    const { code } = (await value('staff.invite', { name: 'Dora', role: 'manager' })) as { code: string };
    expect((await dispatch('staff.acceptInvite', { code, login: 'dora', password: PASSWORD })).ok).toBe(true);
    const trail = JSON.stringify(await entries());
    expect(trail).not.toContain(PASSWORD);
    expect(trail).not.toContain(code);
    const [accepted] = await entries({ channel: 'staff.acceptInvite' });
    expect(accepted).toMatchObject({
      staffName: 'Dora',
      input: { code: '[removed]', login: 'dora', password: '[removed]' },
    });
  });

  it('pages with a cursor: each page continues after the last entry of the one before, nothing skipped or repeated', async () => {
    for (const name of ['Cat', 'Dog', 'Bird', 'Fish', 'Frog'])
      await value('categories.create', { environment: 'production', name });
    const first = await entries({ limit: 2 });
    const second = await entries({ limit: 2, before: first.at(-1)?.id });
    const third = await entries({ limit: 2, before: second.at(-1)?.id });
    const names = [...first, ...second, ...third].map((entry) => (entry.input as { name: string }).name);
    expect(names).toEqual(['Frog', 'Fish', 'Bird', 'Dog', 'Cat']);
    // The cursor combines with the other filters.
    expect(
      (await entries({ channel: 'categories.create', before: first[0]?.id, limit: 1 })).map(
        (entry) => (entry.input as { name: string }).name,
      ),
    ).toEqual(['Fish']);
  });

  it('keeps a file body only as its size', () => {
    // The token is removed by its mark on the schema, never by its name.
    const schema = z.object({
      photo: z.object({ base64: z.string(), alt: z.string() }),
      token: secretField(z.string()),
    });
    expect(redacted({ photo: { base64: 'A'.repeat(5_000), alt: 'Luna' }, token: 'abc' }, schema)).toEqual({
      photo: { base64: '[5000 characters]', alt: 'Luna' },
      token: '[removed]',
    });
    // A browser-mode upload's photo arrives decoded: its bytes are counted, never walked one by one.
    expect(redacted({ photo: { bytes: new Uint8Array(24 * 1024 * 1024) } })).toEqual({
      photo: { bytes: '[25165824 bytes]' },
    });
  });
});
