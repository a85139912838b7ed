import type { AdminChannel, AdminOutput, AdminParsedInput, AdminResult } from '../../shared/admin-contract';
import { AppError, isAppError } from '../../shared/errors';
import { editConflictShownTo } from './edit-conflicts';
import { writeRefusal } from '../db/write-refusals';
import { parseOrThrow } from '../../shared/validation';
import { recordWrite } from '../audit/record';
import {
  admitCall,
  admitInput,
  DESK_CALL,
  shownTo,
  type AdminCall,
  type CallContext,
  type TeamGate,
} from '../staff/access';
import { ruleOf, type ChannelRule } from '../staff/policy';
import { admitForFoster, environmentOf, keptForFoster, NO_ANIMALS, type FosterCare } from '../staff/foster-scopes';

export type AdminHandlers = {
  [C in AdminChannel]: (input: AdminParsedInput<C>, context: CallContext) => AdminOutput<C> | Promise<AdminOutput<C>>;
};

/**
 * Reads the channel's rule once (its declaration, staff/policy.ts), then by that rule alone checks
 * the caller's role (team mode, staff/access.ts), validates the payload and what of it the role may
 * send, runs the handler, records a write and cuts the answer; errors come back as values. Without a
 * gate or at the desk, every call is allowed, as on a single desk.
 */
export async function dispatchAdmin(
  handlers: AdminHandlers,
  channel: string,
  payload: unknown,
  call: AdminCall = DESK_CALL,
  gate?: TeamGate,
): Promise<AdminResult<unknown>> {
  let rule: ChannelRule | undefined;
  let context: CallContext | undefined;
  let input: unknown;
  try {
    rule = ruleOf(channel);
    if (!rule) throw new AppError('not_found', `There is no admin channel named ${channel}.`);
    context = admitCall(gate, rule, call);
    input = parseOrThrow(rule.input, payload, 'input');
    admitInput(context, rule, input);
    const care = rule.roles === 'anyone' ? undefined : fosterCareOf(gate, context, input);
    if (care) admitForFoster(rule.channel, rule.forFoster, input, care);
    const handler = handlers[rule.channel] as (input: unknown, context: CallContext) => unknown;
    const before = gate?.audit?.before(rule, input);
    const pending = handler(input, context);
    // A synchronous write is recorded in the same turn: a save refused right after it finds its writer in the trail (edit_conflict).
    const result = pending instanceof Promise ? await pending : pending;
    recordWrite(gate?.audit, rule, context, input, result, before);
    const shown = shownTo(context, rule, result);
    return { ok: true, value: (care ? keptForFoster(rule.forFoster, shown, care) : shown) ?? null };
  } catch (error) {
    if (isAppError(error) && error.code === 'edit_conflict' && rule) {
      return {
        ok: false,
        error: editConflictShownTo(error as AppError<'edit_conflict'>, rule, input, context, gate?.audit).toAdminBody(),
      };
    }
    if (isAppError(error)) return { ok: false, error: error.toAdminBody() };
    const refusal = writeRefusal(error);
    if (refusal) return { ok: false, error: refusal.toBody() };
    console.error(`admin channel ${channel} failed`, error);
    return {
      ok: false,
      error: new AppError('internal_error', 'Something went wrong inside Adoption Desk; nothing was changed.').toBody(),
    };
  }
}

/** For a foster, the animals placed with them in the payload's environment; undefined for every other caller. */
function fosterCareOf(gate: TeamGate | undefined, context: CallContext, input: unknown): FosterCare | undefined {
  const { member } = context;
  if (member?.role !== 'foster') return undefined;
  return gate?.fosterCare?.(member, environmentOf(input)) ?? NO_ANIMALS;
}

/** The handlers as one function of (channel, payload, call), the shape the browser-mode admin server takes; `gate` is team mode's. */
export function adminDispatcher(
  handlers: AdminHandlers,
  gate?: () => TeamGate,
): (channel: string, payload: unknown, call?: AdminCall) => Promise<AdminResult<unknown>> {
  return (channel, payload, call) => dispatchAdmin(handlers, channel, payload, call, gate?.());
}
