import { asc, eq } from 'drizzle-orm';
import { PlanChangeSchema, type PlanChange } from '../../shared/admin-schemas';
import { AppError } from '../../shared/errors';
import { PLAN_IDS, type PlanFigures, type PlanId } from '../../shared/plans';
import type { Store } from '../db/connection';
import { plans } from '../db/schema';
import type { Changes } from '../db/changes';
import { parseOrThrow } from '../../shared/validation';

export class PlanService {
  constructor(
    private readonly db: Store,
    private readonly changes: Changes,
  ) {}

  list(): PlanFigures[] {
    const rows = this.db.select().from(plans).all();
    return rows.sort((a, b) => PLAN_IDS.indexOf(a.id) - PLAN_IDS.indexOf(b.id));
  }

  get(id: PlanId): PlanFigures {
    const row = this.db.select().from(plans).where(eq(plans.id, id)).orderBy(asc(plans.id)).get();
    if (!row) throw new AppError('not_found', `Plan ${id} does not exist; plans are ${PLAN_IDS.join(', ')}.`);
    return row;
  }

  update(id: PlanId, input: PlanChange): PlanFigures {
    const change = parseOrThrow(PlanChangeSchema, input);
    const plan = this.get(id);
    if (id === 'enterprise' && (change.perMinute !== undefined || change.perDay !== undefined)) {
      throw new AppError('validation_failed', 'Enterprise figures are set per account, not on the plan.');
    }
    this.db.update(plans).set(change).where(eq(plans.id, id)).run();
    this.changes.emit('plans');
    return { ...plan, ...change };
  }
}
