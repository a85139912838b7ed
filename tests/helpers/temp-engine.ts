/** One production engine over SQLite in a fresh temp dir per test, on a manual clock; closed and removed after. */
import { afterEach, beforeEach } from 'vitest';
import { Engine } from '../../src/main/engine/engine';
import { ManualClock } from '../../src/shared/clock';
import { makeTempDir, removeTempDir } from './temp-dir';

export interface TempEngine {
  engine: Engine;
  clock: ManualClock;
  dataDir: string;
}

/** Registers the hooks; `opened` receives each test's engine (assign it to the file's own variables). */
export function useTempEngine(start: number, opened: (made: TempEngine) => void): void {
  let made: TempEngine | null = null;
  beforeEach(() => {
    const dataDir = makeTempDir();
    const clock = new ManualClock(start);
    made = { dataDir, clock, engine: new Engine({ dataDir, environment: 'production', clock }) };
    opened(made);
  });
  afterEach(() => {
    made?.engine.close();
    if (made) removeTempDir(made.dataDir);
    made = null;
  });
}
