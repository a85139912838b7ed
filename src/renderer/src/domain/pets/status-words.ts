/** A pet's status as the window says it, in its language: `sold` reads "adopted", or how it left care when that was no adoption. */
import type { Departure } from '../../../../shared/outcomes';
import type { PetStatus } from '../../../../shared/pet';
import type { PetSex } from '../../../../shared/pet-profile';
import { windowI18n } from '../../i18n/i18n';
import { agreeingWith } from '../movements/movement-words';

export function petStatusWords(status: PetStatus, departure?: Departure | null, sex?: PetSex | null): string {
  if (status === 'sold' && departure) return windowI18n.t(`domain:animals.departure.${departure}`, agreeingWith(sex));
  return windowI18n.t(`domain:animals.status.${status === 'sold' ? 'adopted' : status}`, agreeingWith(sex));
}
