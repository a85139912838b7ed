import { asc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../shared/clock';
import { AppError } from '../../shared/errors';
import type { Account } from '../../shared/models';
import {
  ACCOUNT_NAME_MAX,
  AccountNameSchema,
  AccountPlanSchema,
  NewAccountSchema,
  type AccountPlan,
  type NewAccount,
} from '../../shared/admin-schemas';
import { firstFreeName, foldName } from '../../shared/names';
import type { Store } from '../db/connection';
import { accounts } from '../db/schema';
import type { Changes } from '../db/changes';
import type { PlanService } from './plans';
import { UniqueNames } from '../db/unique-names';
import { parseOrThrow } from '../../shared/validation';

export type { Account };

/** The figures that bind an account now: its plan's, or its own on Enterprise. */
export interface AccountLimits {
  perMinute: number;
  perDay: number;
  banThreshold: number;
  banMinutes: number;
}

export class AccountService {
  private readonly names: UniqueNames;

  constructor(
    private readonly db: Store,
    private readonly clock: Clock,
    private readonly plans: PlanService,
    private readonly changes: Changes,
  ) {
    this.names = new UniqueNames(db, 'Account');
  }

  list(): Account[] {
    return this.db.select(accountColumns).from(accounts).orderBy(asc(accounts.id)).all();
  }

  get(id: number): Account {
    const account = this.db.select(accountColumns).from(accounts).where(eq(accounts.id, id)).get();
    if (!account) throw new AppError('not_found', `Account ${id} does not exist.`);
    return account;
  }

  /** Names are unique regardless of case: a taken one is refused (`conflict`). */
  create(input: NewAccount): Account {
    return this.insert(input, (name) => {
      this.names.assertFree(name);
      return name;
    });
  }

  /** For accounts named by the system (a key made on a new account): a taken name gets " (2)", " (3)", … */
  createWithFreeName(input: NewAccount): Account {
    return this.insert(input, (name) =>
      firstFreeName(name, (folded) => this.names.holderOf(folded) !== undefined, ACCOUNT_NAME_MAX),
    );
  }

  rename(id: number, name: string): Account {
    const clean = parseOrThrow(AccountNameSchema, name, 'name');
    this.db.transaction(
      () => {
        this.get(id);
        this.names.assertFree(clean, id);
        this.db
          .update(accounts)
          .set({ name: clean, nameFolded: foldName(clean) })
          .where(eq(accounts.id, id))
          .run();
      },
      { behavior: 'immediate' },
    );
    this.changes.emit('accounts');
    return this.get(id);
  }

  /** Takes effect on the account's next request; usage so far is kept. */
  setPlan(id: number, input: AccountPlan): Account {
    const plan = parseOrThrow(AccountPlanSchema, input);
    this.get(id);
    this.db
      .update(accounts)
      .set({ planId: plan.planId, ...planFigures(plan) })
      .where(eq(accounts.id, id))
      .run();
    this.changes.emit('accounts');
    return this.get(id);
  }

  limitsOf(account: Pick<Account, 'planId' | 'customPerMinute' | 'customPerDay'>): AccountLimits {
    const plan = this.plans.get(account.planId);
    const perMinute = account.planId === 'enterprise' ? account.customPerMinute : plan.perMinute;
    const perDay = account.planId === 'enterprise' ? account.customPerDay : plan.perDay;
    if (perMinute === null || perDay === null) throw new Error(`plan ${plan.id} has no figures`);
    return { perMinute, perDay, banThreshold: plan.banThreshold, banMinutes: plan.banMinutes };
  }

  private insert(input: NewAccount, nameToUse: (name: string) => string): Account {
    const account = parseOrThrow(NewAccountSchema, input);
    const figures = planFigures(account);
    // Immediate: the name check and the insert see the same database, also across processes.
    const id = this.db.transaction(
      () => {
        const name = nameToUse(account.name);
        return this.db
          .insert(accounts)
          .values({ name, nameFolded: foldName(name), planId: account.planId, ...figures, createdAt: this.clock.now() })
          .returning({ id: accounts.id })
          .get().id;
      },
      { behavior: 'immediate' },
    );
    this.changes.emit('accounts');
    return this.get(id);
  }
}

const accountColumns = {
  id: accounts.id,
  name: accounts.name,
  planId: accounts.planId,
  customPerMinute: accounts.customPerMinute,
  customPerDay: accounts.customPerDay,
  createdAt: accounts.createdAt,
  activeKeys: sql<number>`(SELECT count(*) FROM api_keys WHERE api_keys.account_id = accounts.id AND api_keys.revoked_at IS NULL)`,
};

function planFigures(plan: AccountPlan): { customPerMinute: number | null; customPerDay: number | null } {
  if (plan.planId === 'enterprise') {
    if (plan.perMinute === undefined || plan.perDay === undefined) {
      throw new AppError(
        'validation_failed',
        'Enterprise needs its own figures: give both a per-minute and a per-day figure.',
      );
    }
    return { customPerMinute: plan.perMinute, customPerDay: plan.perDay };
  }
  if (plan.perMinute !== undefined || plan.perDay !== undefined) {
    throw new AppError(
      'validation_failed',
      `perMinute and perDay are set per account only on Enterprise; ${plan.planId} uses its plan's figures.`,
    );
  }
  return { customPerMinute: null, customPerDay: null };
}
