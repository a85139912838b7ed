/**
 * Migration 0007 on a database made by the previous release, which stored each DNS check's advice
 * as text (naming CLI flags): each row gets the reason its text told, a failed query is taken apart
 * into its findings, and every domain reads sensibly, in no face's terms.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dnsCheckCliWords } from '../../src/main/cli/hints';
import { databaseFile, Engine } from '../../src/main/engine/engine';
import { writeOldDatabase } from '../helpers/old-migrations';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dataDir: string;

beforeEach(() => {
  dataDir = makeTempDir();
});

afterEach(() => {
  removeTempDir(dataDir);
});

/** Rows as the previous release wrote them: [name, kind, status, expected, found, checked, message]. */
const OLD_ROWS: [string, 'apex' | 'subdomain', string, string[], string[], boolean, string][] = [
  [
    'new.shelter.test',
    'subdomain',
    'pending',
    ['CNAME paws.localhost'],
    [],
    false,
    'Create CNAME new.shelter.test paws.localhost (TTL 3600) at your DNS provider, then verify.',
  ],
  [
    'slow.shelter.test',
    'subdomain',
    'error',
    ['CNAME paws.localhost'],
    [],
    true,
    'The CNAME query for slow.shelter.test failed (ETIMEOUT from 127.0.0.1:5353, [::1]:5353). Check --dns-server and the network; it is checked again automatically.',
  ],
  [
    'kept.shelter.test',
    'subdomain',
    'verified',
    ['CNAME paws.localhost'],
    [],
    true,
    'The CNAME query for kept.shelter.test failed (ESERVFAIL from the system resolver). Check --dns-server and the network; it is checked again automatically.',
  ],
  [
    'apex.test',
    'apex',
    'error',
    ['A/AAAA of paws.sites.test'],
    [],
    true,
    "The target paws.sites.test itself has no A/AAAA record, so there is nothing to compare apex.test with. Point the sites host's names at this machine (or fix --sites-host); it is checked again automatically.",
  ],
  [
    'blocked.shelter.test',
    'subdomain',
    'conflict',
    ['CNAME paws.localhost'],
    ['A 203.0.113.7'],
    true,
    'blocked.shelter.test has A 203.0.113.7, which blocks the CNAME (a CNAME cannot sit beside other records, RFC 1034 §3.6.2). Delete those records, create CNAME blocked.shelter.test paws.localhost, then verify again.',
  ],
  [
    'away.shelter.test',
    'subdomain',
    'pending',
    ['CNAME paws.localhost'],
    ['CNAME elsewhere.example'],
    true,
    'away.shelter.test has a CNAME to elsewhere.example, not paws.localhost. Change its value to paws.localhost; it is checked again automatically.',
  ],
  [
    'www.shelter.test',
    'subdomain',
    'verified',
    ['CNAME paws.localhost'],
    ['CNAME paws.localhost'],
    true,
    'www.shelter.test has CNAME paws.localhost: verified.',
  ],
  [
    'none.shelter.test',
    'subdomain',
    'pending',
    ['CNAME paws.localhost'],
    [],
    true,
    'No CNAME record at none.shelter.test yet. Create CNAME none.shelter.test paws.localhost (TTL 3600) at your DNS provider; it is checked again automatically.',
  ],
  [
    'other.test',
    'apex',
    'conflict',
    ['A 127.0.0.1'],
    ['A 198.51.100.9'],
    true,
    "other.test resolves to A 198.51.100.9, which is not paws.localhost's (A 127.0.0.1). Replace those records by ALIAS (or ANAME) other.test paws.localhost, then verify again.",
  ],
  ['odd.shelter.test', 'subdomain', 'error', ['CNAME paws.localhost'], [], true, 'Something a release never wrote.'],
];

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;

describe('migration 0007 (DNS checks keep findings, not advice)', () => {
  it('gives each old row the reason its text told, takes a failed query apart, and words it without CLI flags', () => {
    const rows = OLD_ROWS.map(
      ([name, kind, status, expected, found, checked, message], index) =>
        `(${index + 1}, 1, ${sqlText(name)}, '${kind}', '${index === 0 ? 'primary' : 'redirect'}', '${status}', ${sqlText(JSON.stringify(expected))}, ${sqlText(JSON.stringify(found))}, ${sqlText(message)}, ${checked ? 2000 : 'NULL'}, 1000)`,
    );
    writeOldDatabase(
      databaseFile(dataDir, 'production'),
      '0007',
      `
      INSERT INTO plans (id, name, per_minute, per_day, ban_threshold, ban_minutes) VALUES ('pro', 'Pro', 600, 100000, 3, 15);
      INSERT INTO accounts (id, name, name_folded, plan_id, created_at) VALUES (1, 'Paws', 'paws', 'pro', 1000);
      INSERT INTO projects (id, account_id, name, slug, live_deploy_number, created_at) VALUES (1, 1, 'Paws', 'paws', NULL, 1000);
      INSERT INTO domains (id, project_id, name, kind, role, status, expected, found, message, checked_at, created_at) VALUES ${rows.join(',\n')};
    `,
    );
    const engine = new Engine({ dataDir, environment: 'production' });
    try {
      const { domains } = engine.sites;
      const checks = Object.fromEntries(domains.list().map((domain) => [domain.name, domain.check]));
      expect(checks).toEqual({
        'new.shelter.test': { reason: 'not_checked', query: null },
        'slow.shelter.test': {
          reason: 'query_failed',
          query: {
            type: 'CNAME',
            name: 'slow.shelter.test',
            servers: ['127.0.0.1:5353', '[::1]:5353'],
            code: 'ETIMEOUT',
          },
        },
        'kept.shelter.test': {
          reason: 'query_failed',
          query: { type: 'CNAME', name: 'kept.shelter.test', servers: [], code: 'ESERVFAIL' },
        },
        'apex.test': { reason: 'target_unresolved', query: null },
        'blocked.shelter.test': { reason: 'records_block_cname', query: null },
        'away.shelter.test': { reason: 'cname_elsewhere', query: null },
        'www.shelter.test': { reason: 'verified', query: null },
        'none.shelter.test': { reason: 'no_record', query: null },
        'other.test': { reason: 'foreign_addresses', query: null },
        'odd.shelter.test': { reason: 'query_failed', query: null },
      });
      for (const domain of domains.list()) expect(domain.message, domain.name).not.toMatch(/--[a-z]/);
      // The text each row held reads the same, less the CLI's flags, which only the CLI adds back.
      for (const [name, , , , , , old] of OLD_ROWS.filter(
        (row) => row[0] !== 'odd.shelter.test' && row[0] !== 'apex.test',
      )) {
        expect(
          domains
            .get(name)
            .message.replace(
              /[.;] (it is checked again automatically|\S+ stays verified, as its last successful check found)\.$/,
              '',
            ),
          name,
        ).toBe(
          old.replace(
            /\. Check --dns-server and the network; it is checked again automatically\.$|; it is checked again automatically\.$/,
            '',
          ),
        );
      }
      expect(dnsCheckCliWords(domains.get('slow.shelter.test'))).toBe(
        'The CNAME query for slow.shelter.test failed (ETIMEOUT from 127.0.0.1:5353, [::1]:5353); it is checked again automatically. Check --dns-server and the network.',
      );
      // A verified domain is never re-checked by itself: its failed query no longer says it is.
      expect(domains.get('kept.shelter.test').message).toBe(
        'The CNAME query for kept.shelter.test failed (ESERVFAIL from the system resolver); kept.shelter.test stays verified, as its last successful check found.',
      );
      expect(domains.get('odd.shelter.test').message).toBe(
        'A DNS query for odd.shelter.test failed; it is checked again automatically.',
      );
      expect(
        engine.sqlite.prepare("SELECT count(*) AS n FROM pragma_table_info('domains') WHERE name = 'message'").get(),
      ).toEqual({ n: 0 });
    } finally {
      engine.close();
    }
  });
});
