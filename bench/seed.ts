import { Engine } from '../src/main/engine/engine';
import { foldName } from '../src/shared/names';
import { PLAN_IDS } from '../src/shared/plans';
import { PET_STATUSES } from '../src/shared/pet';

/** A realistic database: `pets` pets, 100 accounts spread over the plans with a key each. */
export function seedDatabase(dataDir: string, pets: number): { key: string } {
  const engine = new Engine({ dataDir, environment: 'production' });
  try {
    const { accounts, keys } = engine.services;
    for (let i = 0; i < 100; i++) {
      const planId = PLAN_IDS[i % PLAN_IDS.length] ?? 'free';
      const figures = planId === 'enterprise' ? { perMinute: 5_000, perDay: 1_000_000 } : {};
      const account = accounts.create({ name: `Shelter app ${i + 1}`, planId, ...figures });
      keys.create({ accountId: account.id, label: 'seeded' });
    }
    const benchAccount = accounts.create({
      name: 'Benchmark',
      planId: 'enterprise',
      perMinute: 1_000_000_000,
      perDay: 1_000_000_000,
    });
    const { key } = keys.create({ accountId: benchAccount.id, label: 'benchmark' });

    const insert = engine.sqlite.prepare(
      'INSERT INTO pets (name, name_folded, category_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const now = Date.now();
    const batch = engine.sqlite.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++)
        insert.run(`Pet ${i + 1}`, foldName(`Pet ${i + 1}`), (i % 4) + 1, PET_STATUSES[i % 3], now, now);
    });
    for (let from = 0; from < pets; from += 50_000) batch(from, Math.min(pets, from + 50_000));
    return { key };
  } finally {
    engine.close();
  }
}
