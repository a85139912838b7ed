/** The audit trail. */
import type { NamedAuditEntry } from '../audit';
import { MANAGERS, answer, area } from './declare';

export const AUDIT_CHANNELS = area({
  // The audit trail: who changed what is the managers' to read.
  'audit.list': {
    input: ({ input, AuditFilterSchema }) => input({ filter: AuditFilterSchema }),
    answer: answer<NamedAuditEntry[]>(),
    may: MANAGERS,
  },
});
