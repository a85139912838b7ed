import { ADMIN_CONTRACT, type AdminChannel, type AdminOutput, type AdminParsedInput, type AdminResult } from '../../shared/admin-contract';
import { AppError, isAppError } from '../../shared/errors';
import { editConflictShownTo } from './edit-conflicts';
import { writeRefusal } from '../db/write-refusals';
import { parseOrThrow } from '../../shared/validation';
import { recordWrite } from '../audit/record';
import { admitCall, admitInput, DESK_CALL, shownTo, type AdminCall, type CallContext, type TeamGate } from '../staff/access';

export type AdminHandlers = {
  [C in AdminChannel]: (input: AdminParsedInput<C>, context: CallContext) => AdminOutput<C> | Promise<AdminOutput<C>>;
};

export function isAdminChannel(name: string): name is AdminChannel {
  return Object.hasOwn(ADMIN_CONTRACT, name);
}

/**
 * Checks the caller's role (team mode, staff/access.ts), validates the payload with the channel's
 * schema and what of it the role may send, runs the handler, and returns errors as values. Without a
 * gate or at the desk, every call is allowed, as on a single desk.
 */
export async function dispatchAdmin(handlers: AdminHandlers, channel: string, payload: unknown, call: AdminCall = DESK_CALL, gate?: TeamGate): Promise<AdminResult<unknown>> {
  let context: CallContext | undefined;
  let input: unknown;
  try {
    if (!isAdminChannel(channel)) throw new AppError('not_found', `There is no admin channel named ${channel}.`);
    context = admitCall(gate, channel, call);
    input = parseOrThrow(ADMIN_CONTRACT[channel].input, payload, 'input');
    admitInput(context, channel, input);
    const handler = handlers[channel] as (input: unknown, context: CallContext) => unknown;
    const before = gate?.audit?.before(channel, input);
    const pending = handler(input, context);
    // A synchronous write is recorded in the same turn: a save refused right after it finds its writer in the trail (edit_conflict).
    const result = pending instanceof Promise ? await pending : pending;
    recordWrite(gate?.audit, channel, context, input, result, before);
    return { ok: true, value: shownTo(context, channel, result) ?? null };
  } catch (error) {
    if (isAppError(error) && error.code === 'edit_conflict' && isAdminChannel(channel)) {
      return { ok: false, error: editConflictShownTo(error as AppError<'edit_conflict'>, channel, input, context, gate?.audit).toAdminBody() };
    }
    if (isAppError(error)) return { ok: false, error: error.toAdminBody() };
    const refusal = writeRefusal(error);
    if (refusal) return { ok: false, error: refusal.toBody() };
    console.error(`admin channel ${channel} failed`, error);
    return { ok: false, error: new AppError('internal_error', 'Something went wrong inside Adoption Desk; nothing was changed.').toBody() };
  }
}

/** The handlers as one function of (channel, payload, call), the shape the browser-mode admin server takes; `gate` is team mode's. */
export function adminDispatcher(handlers: AdminHandlers, gate?: () => TeamGate): (channel: string, payload: unknown, call?: AdminCall) => Promise<AdminResult<unknown>> {
  return (channel, payload, call) => dispatchAdmin(handlers, channel, payload, call, gate?.());
}
