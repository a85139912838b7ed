import { complianceReport, type ComplianceReport } from '../../shared/compliance';
import { AppError } from '../../shared/errors';
import type { Engine } from '../engine';

/** A key's compliance over a time range (default: everything the log holds for it), from the request log. */
export function keyCompliance(engine: Engine, keyId: number, range: { from?: number; to?: number } = {}): ComplianceReport {
  const exists = engine.sqlite.prepare('SELECT id FROM api_keys WHERE id = ?').get(keyId);
  if (!exists) throw new AppError('not_found', `API key ${keyId} does not exist.`);
  if (range.from !== undefined && range.to !== undefined && range.to < range.from) throw new AppError('validation_failed', 'to: must not be before from.');
  const requests = engine.requestLog.forKey(keyId, range.from ?? 0, range.to ?? Number.MAX_SAFE_INTEGER);
  return complianceReport(keyId, requests, range);
}
