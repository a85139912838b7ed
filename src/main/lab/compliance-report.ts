import {
  complianceReport,
  DEFAULT_CHECK_SETTINGS,
  type CheckSettings,
  type ComplianceReport,
} from '../../shared/compliance';
import { AppError } from '../../shared/errors';
import type { KeyService } from '../keys/keys';
import type { RequestLog } from './request-log/request-log';

/** What a report reads: the key itself (it must exist) and its logged answers. The engine is one. */
export interface ComplianceSources {
  services: { keys: Pick<KeyService, 'get'> };
  requestLog: Pick<RequestLog, 'forKey'>;
}

/** A key's compliance over a time range (default: everything the log holds for it), from the request log. */
export function keyCompliance(
  sources: ComplianceSources,
  keyId: number,
  range: { from?: number; to?: number } = {},
  settings: CheckSettings = DEFAULT_CHECK_SETTINGS,
): ComplianceReport {
  sources.services.keys.get(keyId);
  if (range.from !== undefined && range.to !== undefined && range.to < range.from)
    throw new AppError('validation_failed', 'to: must not be before from.');
  const requests = sources.requestLog.forKey(keyId, range.from ?? 0, range.to ?? Number.MAX_SAFE_INTEGER);
  return complianceReport(keyId, requests, range, settings);
}
