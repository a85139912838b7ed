/**
 * Each member's own language for the window, against the real admin server: staff.setLanguage
 * stores the caller's choice and staff.me tells it back; a member can never set another's (the input
 * names no member), a volunteer may set their own, and the desk keeps its own in settings.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamState } from '../../src/shared/channels/staff';
import { adminCalls } from '../helpers/admin-client';
import { startAdminHarness, type AdminHarness } from '../helpers/admin-host';

const TOKEN = 'test-token-0123456789abcdefghijklmnopqrstuv';
const PASSWORD = 'a long shelter password';

let harness: AdminHarness;
const { call, login } = adminCalls(() => harness, TOKEN, PASSWORD);
let ownerId: number;
let volunteerId: number;

const me = async (cookie: string) => (await call<TeamState>('staff.me', {}, { cookie })).body;

beforeAll(async () => {
  harness = await startAdminHarness(TOKEN);
  const { staff } = harness.host.engine('production').services;
  ownerId = (await staff.add({ name: 'Claire Martin', login: 'claire', role: 'owner', password: PASSWORD })).id;
  await staff.add({ name: 'Jonas Weber', login: 'jonas', role: 'staff', password: PASSWORD });
  volunteerId = (await staff.add({ name: 'Lucía Ortega', login: 'lucia', role: 'volunteer', password: PASSWORD })).id;
}, 60_000);

afterAll(async () => {
  await harness?.stop();
});

describe("a member's own language", () => {
  it('is none until chosen; staff.me also says the shelter’s language', async () => {
    harness.host.engine('production').services.shelter.set({ language: 'es' });
    const claire = await me(await login('claire'));
    expect(claire.language).toBeNull();
    expect(claire.shelterLanguage).toBe('es');
  });

  it('a member sets theirs; another member’s stays unchanged', async () => {
    const claire = await login('claire');
    const jonas = await login('jonas');
    const set = await call('staff.setLanguage', { language: 'fr' }, { cookie: claire });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toEqual({ language: 'fr' });
    expect((await me(claire)).language).toBe('fr');
    expect((await me(jonas)).language).toBeNull();

    await call('staff.setLanguage', { language: 'de' }, { cookie: jonas });
    expect((await me(jonas)).language).toBe('de');
    expect((await me(claire)).language).toBe('fr');
    // Kept with the member: a new session (another browser) speaks it too.
    expect((await me(await login('claire'))).language).toBe('fr');
  });

  it('a volunteer may set their own, never someone else’s', async () => {
    const lucia = await login('lucia');
    expect((await call('staff.setLanguage', { language: 'es' }, { cookie: lucia })).status).toBe(200);
    expect((await me(lucia)).language).toBe('es');

    const other = await call('staff.setLanguage', { id: ownerId, language: 'de' }, { cookie: lucia });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('validation_failed');
    const { staff } = harness.host.engine('production').services;
    expect(staff.language(ownerId)).toBe('fr');
    expect(staff.language(volunteerId)).toBe('es');
  });

  it('back to none: the window picks again', async () => {
    const lucia = await login('lucia');
    await call('staff.setLanguage', { language: null }, { cookie: lucia });
    expect((await me(lucia)).language).toBeNull();
  });

  it('is refused to nobody (not logged in), and refuses a language the window does not speak', async () => {
    expect((await call('staff.setLanguage', { language: 'fr' }, {})).status).toBe(401);
    const claire = await login('claire');
    const unknown = await call('staff.setLanguage', { language: 'pt' }, { cookie: claire });
    expect(unknown.status).toBe(400);
    expect((await me(claire)).language).toBe('fr');
  });

  it('at the desk, is the desk’s setting, kept in settings.json beside the ports, members’ untouched', async () => {
    expect((await call<TeamState>('staff.me', {}, { token: true })).body.language).toBeNull();
    expect((await call('staff.setLanguage', { language: 'de' }, { token: true })).status).toBe(200);
    expect((await call<TeamState>('staff.me', {}, { token: true })).body.language).toBe('de');
    const file = JSON.parse(fs.readFileSync(path.join(harness.dataDir, 'settings.json'), 'utf8'));
    expect(file.language).toBe('de');
    expect(harness.host.engine('production').services.staff.language(ownerId)).toBe('fr');

    // A save of the Server page's form keeps it.
    const settings = (await call('settings.get', {}, { token: true })).body;
    expect((await call('settings.update', settings, { token: true })).status).toBe(200);
    expect(JSON.parse(fs.readFileSync(path.join(harness.dataDir, 'settings.json'), 'utf8')).language).toBe('de');
  });
});
