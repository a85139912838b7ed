/** Why a person could not be saved, in the window's words: under the field it is about, else in the dialog's alert. */
import type { ConflictDetails, NotFoundDetails } from '../../../../shared/errors';
import { describeFailure, type DialogFailure } from '../../client/errors';
import { AdminCallError } from '../../client/transport';
import { windowI18n } from '../../i18n/i18n';

/** The engine names a field as the contract spells it (`person.email: must be…`, or `details.field`). */
const FIELD_IN_MESSAGE = /^(?:person\.|changes\.)?([A-Za-z]+)(?:\.\d+)?: (.+)$/s;

export function personFailure(error: unknown, fields: readonly string[]): DialogFailure {
  if (!(error instanceof AdminCallError)) return { alert: describeFailure(error) };
  if (error.code === 'validation_failed' && !error.message.includes('; ')) {
    const named = FIELD_IN_MESSAGE.exec(error.message);
    if (named?.[1] && named[2] && fields.includes(named[1])) return { field: named[1], message: named[2] };
  }
  const conflict = error.code === 'conflict' ? (error.details as ConflictDetails | undefined) : undefined;
  if (conflict?.reason === 'person_forgotten') {
    return {
      alert: {
        title: windowI18n.t('people:failure.forgottenTitle'),
        message: windowI18n.t('people:failure.forgottenMessage'),
      },
    };
  }
  const missing = error.code === 'not_found' ? (error.details as NotFoundDetails | undefined) : undefined;
  if (missing?.missing === 'person')
    return {
      alert: {
        title: windowI18n.t('people:failure.goneTitle'),
        message: windowI18n.t('people:failure.goneMessage', { id: missing.personId }),
      },
    };
  return { alert: describeFailure(error) };
}
