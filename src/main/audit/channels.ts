import type { AdminChannel } from '../../shared/admin-contract';
import { ADMIN_CHANNEL_DECLARATIONS, ADMIN_CHANNEL_NAMES } from '../../shared/channels';

/**
 * Which admin channels write (true: every successful call leaves an audit entry) and which only
 * read: a channel's declaration says so (`writes`, in src/shared/channels/<area>.ts), so a new
 * channel cannot be undecided.
 */
export const AUDITED: Readonly<Record<AdminChannel, boolean>> = Object.fromEntries(
  ADMIN_CHANNEL_NAMES.map((channel) => [channel, 'writes' in ADMIN_CHANNEL_DECLARATIONS[channel]]),
) as Record<AdminChannel, boolean>;
