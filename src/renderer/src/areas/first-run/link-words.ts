/**
 * How the first-run dialog words a refusal from looking at, or connecting to, the shelter server: from
 * the code and its details (src/shared/errors.ts), in the window's own words.
 */
import type { AdminErrorBody, ErrorDetails } from '../../../../shared/errors';
import type { Failure } from '../../client/errors';
import { windowI18n } from '../../i18n/i18n';

type Worded =
  | 'addressEmpty'
  | 'addressNotHttps'
  | 'addressPort'
  | 'address'
  | 'nameNotFound'
  | 'refused'
  | 'unreachable'
  | 'notShelterServer'
  | 'nameMismatch'
  | 'outOfDate'
  | 'certificate'
  | 'identityChanged';

function worded(refusal: Worded, values: Record<string, string | number> = {}): Failure {
  return {
    title: windowI18n.t(`firstRun:refusals.${refusal}.title`, values),
    message: windowI18n.t(`firstRun:refusals.${refusal}.message`, values),
  };
}

const fallback = (message: string): Failure => ({ title: windowI18n.t('firstRun:refusals.fallback'), message });

/** A refusal as the dialog shows it; one without details (no reason to word) shows the engine's message. */
export function linkFailure(error: AdminErrorBody): Failure {
  const details = error.details;
  if (details === undefined && error.code !== 'validation_failed') return fallback(error.message);
  switch (error.code) {
    case 'validation_failed': {
      const problem = details as ErrorDetails['validation_failed'] | undefined;
      const reason = problem && 'reason' in problem ? problem.reason : undefined;
      if (reason === 'address_empty') return worded('addressEmpty');
      if (reason === 'address_not_https') return worded('addressNotHttps');
      if (reason === 'address_port') return worded('addressPort');
      return worded('address');
    }
    case 'server_unreachable': {
      const { host, port, cause } = details as ErrorDetails['server_unreachable'];
      if (cause === 'name_not_found') return worded('nameNotFound', { host });
      if (cause === 'refused') return worded('refused', { host, port });
      return worded('unreachable', { host });
    }
    case 'server_timeout': {
      const { host, phase, timeoutMs } = details as ErrorDetails['server_timeout'];
      const count = Math.round(timeoutMs / 1000);
      return {
        title: windowI18n.t('firstRun:refusals.noAnswer'),
        message:
          phase === 'connect'
            ? windowI18n.t('firstRun:refusals.connectTimeout', { host, count })
            : windowI18n.t('firstRun:refusals.answerTimeout', { host, count }),
      };
    }
    case 'server_not_tls':
    case 'server_not_adoption_desk': {
      const where =
        error.code === 'server_not_tls'
          ? `${(details as ErrorDetails['server_not_tls']).host}:${(details as ErrorDetails['server_not_tls']).port}`
          : (details as ErrorDetails['server_not_adoption_desk']).url;
      return worded('notShelterServer', { where });
    }
    case 'server_certificate_invalid': {
      const { host, problem } = details as ErrorDetails['server_certificate_invalid'];
      if (problem === 'name_mismatch') return worded('nameMismatch', { host });
      if (problem === 'expired' || problem === 'not_yet_valid') return worded('outOfDate');
      return worded('certificate');
    }
    case 'server_identity_changed': {
      const { pinnedCode, presentedCode } = details as ErrorDetails['server_identity_changed'];
      return worded('identityChanged', { pinned: pinnedCode, presented: presentedCode });
    }
    default:
      return fallback(error.message);
  }
}
