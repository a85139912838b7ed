/**
 * Back to real time keeps the real windows' counts, however long the lab ran ahead: the flush
 * prunes old windows by the earlier of lab and real time, never by lab time alone.
 */
import { afterEach, expect, it } from 'vitest';
import { ManualClock } from '../../src/shared/clock';
import { Engine } from '../../src/main/engine/engine';
import { createKey } from '../helpers/limits-server';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const T0 = Date.UTC(2026, 5, 1, 10, 0, 30, 250);
const DAY = 86_400_000;
let engine: Engine | undefined;
let dataDir: string | undefined;

afterEach(() => {
  engine?.close();
  if (dataDir) removeTempDir(dataDir);
});

it('the real minute and day keep their counts through a day of lab time and its flushes', () => {
  dataDir = makeTempDir();
  engine = new Engine({ dataDir, environment: 'production', clock: new ManualClock(T0) });
  const { keyId, accountId } = createKey(engine, 'free');
  const quota = engine.services.quota;
  for (let i = 0; i < 60; i++) expect(quota.admit({ kind: 'account', accountId, keyId }).outcome).toBe('accepted');
  quota.flush();

  engine.lab.turnOn();
  engine.lab.advance(DAY);
  expect(quota.admit({ kind: 'account', accountId, keyId }).outcome).toBe('accepted');
  // The server flushes every second while the lab runs ahead; the real minute is 24 h old by lab time.
  quota.flush();

  engine.lab.reset();
  expect(quota.report(accountId).minute.used).toBe(60);
  expect(quota.admit({ kind: 'account', accountId, keyId }).outcome).toBe('rate_limited');
});
