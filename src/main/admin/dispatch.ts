import { ADMIN_CONTRACT, type AdminChannel, type AdminOutput, type AdminParsedInput, type AdminResult } from '../../shared/admin-contract';
import { AppError, isAppError } from '../../shared/errors';
import { writeRefusal } from '../db/write-refusals';
import { parseOrThrow } from '../../shared/validation';

export type AdminHandlers = {
  [C in AdminChannel]: (input: AdminParsedInput<C>) => AdminOutput<C> | Promise<AdminOutput<C>>;
};

export function isAdminChannel(name: string): name is AdminChannel {
  return Object.hasOwn(ADMIN_CONTRACT, name);
}

/** Validates the payload with the channel's schema, runs the handler, and returns errors as values. */
export async function dispatchAdmin(handlers: AdminHandlers, channel: string, payload: unknown): Promise<AdminResult<unknown>> {
  try {
    if (!isAdminChannel(channel)) throw new AppError('not_found', `There is no admin channel named ${channel}.`);
    const input: unknown = parseOrThrow(ADMIN_CONTRACT[channel].input, payload, 'input');
    const handler = handlers[channel] as (input: unknown) => unknown;
    return { ok: true, value: (await handler(input)) ?? null };
  } catch (error) {
    if (isAppError(error)) return { ok: false, error: error.toAdminBody() };
    const refusal = writeRefusal(error);
    if (refusal) return { ok: false, error: refusal.toBody() };
    console.error(`admin channel ${channel} failed`, error);
    return { ok: false, error: new AppError('internal_error', 'Something went wrong inside Adoption Desk; nothing was changed.').toBody() };
  }
}

/** The handlers as one function of (channel, payload), the shape the browser-mode admin server takes. */
export function adminDispatcher(handlers: AdminHandlers): (channel: string, payload: unknown) => Promise<AdminResult<unknown>> {
  return (channel, payload) => dispatchAdmin(handlers, channel, payload);
}
