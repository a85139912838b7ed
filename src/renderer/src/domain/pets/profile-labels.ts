/** Each profile field as staff read it, in the form, the pet's history and the audit trail, in the window's language. */
import { PET_PROFILE_FIELDS, type PetProfileField } from '../../../../shared/pet-profile';
import { windowI18n } from '../../i18n/i18n';
import { wordTable } from '../../i18n/word-table';

export const PROFILE_FIELD_LABEL: Readonly<Record<PetProfileField, string>> = wordTable(PET_PROFILE_FIELDS, (field) =>
  windowI18n.t(`pets:field.${field}`),
);
