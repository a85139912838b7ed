import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { siteFingerprint } from '../../src/main/publishing/adoption-site/content';
import { FOLLOW_MAX_WAIT_MS, FOLLOW_QUIET_MS } from '../../src/main/sites/site-follower';
import { ManualClock } from '../../src/shared/clock';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);
const dirs: string[] = [];
const engines: Engine[] = [];

function openEngine(clock: ManualClock): Engine {
  const dataDir = makeTempDir();
  dirs.push(dataDir);
  const engine = new Engine({ dataDir, environment: 'production', clock });
  engines.push(engine);
  return engine;
}

afterEach(() => {
  for (const engine of engines.splice(0)) engine.close();
  for (const dir of dirs.splice(0)) removeTempDir(dir);
});

describe('the adoption site follower coalesces bursts', () => {
  it('follows a burst once it has been quiet for FOLLOW_QUIET_MS', async () => {
    const clock = new ManualClock(T0);
    const { follower } = openEngine(clock).sites;
    await follower.runIfDue(); // the first run of a day always looks
    expect(follower.due()).toBe(false);
    follower.noteChange();
    clock.advance(FOLLOW_QUIET_MS - 1);
    expect(follower.due()).toBe(false);
    clock.advance(1);
    expect(follower.due()).toBe(true);
    await follower.runIfDue();
    expect(follower.due()).toBe(false);
  });

  it('a steady stream of changes is followed FOLLOW_MAX_WAIT_MS after its first one', async () => {
    const clock = new ManualClock(T0);
    const { follower } = openEngine(clock).sites;
    await follower.runIfDue();
    follower.noteChange();
    const first = clock.now();
    while (clock.now() - first < FOLLOW_MAX_WAIT_MS - 1_000) {
      clock.advance(1_000);
      follower.noteChange();
      expect(follower.due()).toBe(false);
    }
    clock.advance(1_000);
    expect(follower.due()).toBe(true);
  });

  it('a new day is a change: ages on the site are said as of a day', async () => {
    const clock = new ManualClock(T0);
    const { follower } = openEngine(clock).sites;
    await follower.runIfDue();
    expect(follower.due()).toBe(false);
    clock.advance(86_400_000);
    expect(follower.due()).toBe(true);
  });

  it('the fingerprint ignores when the content was read and the pets’ updatedAt, not what they show', () => {
    const pet = { id: 1, name: 'Zoë', updatedAt: 1 } as never;
    const content = {
      shelter: { name: 'Happy Paws', logo: null },
      pets: [pet],
      baseUrl: 'http://a.localhost',
      renderedAt: 1,
    } as never;
    const later = {
      shelter: { name: 'Happy Paws', logo: null },
      pets: [{ id: 1, name: 'Zoë', updatedAt: 2 }],
      baseUrl: 'http://a.localhost',
      renderedAt: 2,
    } as never;
    const renamed = {
      shelter: { name: 'Happy Paws', logo: null },
      pets: [{ id: 1, name: 'Zoe', updatedAt: 1 }],
      baseUrl: 'http://a.localhost',
      renderedAt: 1,
    } as never;
    expect(siteFingerprint(later)).toBe(siteFingerprint(content));
    expect(siteFingerprint(renamed)).not.toBe(siteFingerprint(content));
  });
});
