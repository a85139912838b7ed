import type { LiveUpdateLimits, LiveUpdateOptions } from '../http/admin/events';
import type { AppHost } from '../host/app-host';

/** Browser mode's event stream over this host: both environments' changes, and team mode's sessions (the production engine's staff). */
export function liveUpdatesOf(host: AppHost, limits?: Partial<LiveUpdateLimits>): LiveUpdateOptions {
  return {
    onChange: (listener) => host.changes.onChange(listener),
    sessionStands: (sessionId) => host.engine('production').services.staff.sessionStands(sessionId),
    limits,
  };
}
