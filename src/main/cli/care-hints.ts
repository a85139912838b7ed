/** The CLI's words for a care record refused by a rule: the rule's name, and the command or flag that helps. */
import type { CareConflict } from '../../shared/errors';

const HELP: { [R in CareConflict['reason']]: (details: Extract<CareConflict, { reason: R }>) => string } = {
  dose_not_waiting: ({ petId }) => `nothing was recorded; see "care list ${petId}"`,
  dose_mismatch: ({ petId }) => `see "care list ${petId}"`,
  already_given: ({ petId }) => `nothing was recorded; leave pet ${petId} out, or see "care list ${petId}"`,
  care_date_in_future: () => 'check --date',
  already_spayed_neutered: ({ petId }) => `see "care list ${petId}"`,
};

export function careHint(details: CareConflict): string {
  const help = HELP[details.reason] as (details: CareConflict) => string;
  return `rule ${details.reason}: ${help(details)}`;
}

export function isCareConflict(details: { reason: string }): details is CareConflict {
  return Object.hasOwn(HELP, details.reason);
}
