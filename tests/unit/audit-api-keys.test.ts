/**
 * No API key reaches the append-only audit trail: the console's `key`, a key inside a header's text,
 * a key in any field are removed by their shape; and rows an earlier release wrote with a key in
 * full are scrubbed when the database is opened (migration 0022).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminDispatcher } from '../../src/main/admin/dispatch';
import { createAdminHandlers } from '../../src/main/admin/handlers';
import { teamGateOf } from '../../src/main/admin/staff-handlers';
import { redacted } from '../../src/main/audit/audit';
import { databaseFile, Engine } from '../../src/main/engine/engine';
import { AppHost } from '../../src/main/host/app-host';
import type { AuditEntry } from '../../src/shared/audit';
import { writeOldDatabase } from '../helpers/old-migrations';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const LIVE_KEY = 'adk_live_0123456789abcdefghijABCDEFGHIJ012345';
const TEST_KEY = 'adk_test_ZYXWVUTSRQponmlkjihgfedcba98765432';

let dataDir: string;

beforeEach(() => {
  dataDir = makeTempDir();
});

afterEach(() => {
  removeTempDir(dataDir);
});

describe('API keys in the audit trail', () => {
  it('keeps no key that console.send and console.burst sent, nor the key keys.create answered', async () => {
    const host = new AppHost({ dataDir, overrides: { ports: { production: 0, staging: 0 } } });
    await host.start();
    try {
      const dispatch = adminDispatcher(createAdminHandlers(host), teamGateOf(host));
      const value = async <T>(channel: string, payload: unknown): Promise<T> => {
        const answer = await dispatch(channel, payload);
        if (!answer.ok) throw new Error(JSON.stringify(answer.error));
        return answer.value as T;
      };
      const account = await value<{ id: number }>('accounts.create', {
        environment: 'production',
        account: { name: 'Partner site', planId: 'free' },
      });
      const { key } = await value<{ key: string }>('keys.create', { environment: 'production', accountId: account.id });
      expect(key).toMatch(/^adk_live_/);
      await value('console.send', { environment: 'production', operation: 'listPets', key });
      await value('console.burst', { environment: 'production', operation: 'listPets', key, count: 2 });
      const entries = await value<AuditEntry[]>('audit.list', { environment: 'production', filter: {} });
      expect(entries.map((entry) => entry.channel)).toEqual(
        expect.arrayContaining(['console.send', 'console.burst', 'keys.create']),
      );
      const trail = JSON.stringify(entries);
      expect(trail).not.toContain(key);
      expect(trail).not.toContain(key.slice('adk_live_'.length));
      expect(entries.find((entry) => entry.channel === 'console.send')?.input).toMatchObject({
        key: 'adk_live_[removed]',
        operation: 'listPets',
      });
    } finally {
      await host.stop();
    }
  });

  it('removes a key by its shape, whatever the field, nested, inside a text, in a field name', () => {
    const input = {
      headers: { authorization: `Bearer ${LIVE_KEY}` },
      notes: [`tried ${TEST_KEY} twice`],
      [LIVE_KEY]: 1,
      plain: 'Rex',
    };
    const kept = JSON.stringify(redacted(input));
    expect(kept).not.toContain(LIVE_KEY);
    expect(kept).not.toContain(TEST_KEY);
    expect(redacted(input)).toEqual({
      headers: { authorization: 'Bearer adk_live_[removed]' },
      notes: ['tried adk_test_[removed] twice'],
      'adk_live_[removed]': 1,
      plain: 'Rex',
    });
  });

  it('scrubs the keys an earlier release wrote into the trail when the database is opened', () => {
    writeOldDatabase(
      databaseFile(dataDir, 'production'),
      '0022',
      `
      INSERT INTO audit_entries (at, staff_id, staff_name, address, channel, record, input, changes) VALUES
        (1000, NULL, 'desk', NULL, 'console.send', NULL, '{"environment":"production","operation":"listPets","key":"${LIVE_KEY}"}', NULL),
        (2000, NULL, 'desk', NULL, 'console.burst', NULL, '{"environment":"staging","key":"${TEST_KEY}","count":3}', '{"note":{"before":null,"after":"Bearer ${LIVE_KEY}"}}'),
        (3000, NULL, 'desk', NULL, 'pets.create', NULL, '{"environment":"production","pet":{"name":"Rex"}}', NULL);
    `,
    );
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      const entries = engine.services.audit.list();
      expect(JSON.stringify(entries)).not.toMatch(/adk_(live|test)_[0-9A-Za-z]/);
      expect(entries.map((entry) => entry.input)).toEqual([
        { environment: 'production', pet: { name: 'Rex' } },
        { environment: 'staging', key: 'adk_test_[removed]', count: 3 },
        { environment: 'production', operation: 'listPets', key: 'adk_live_[removed]' },
      ]);
      expect(entries[1]?.changes).toEqual({ note: { before: null, after: 'Bearer adk_live_[removed]' } });
    } finally {
      engine.close();
    }
  });
});
