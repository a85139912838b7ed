import fs from 'node:fs';
import type { SettingsDamage } from '../../shared/admin-contract';
import { SettingsSchema, type Settings } from '../../shared/admin-schemas';
import { writeFileAtomically } from '../files/atomic-write';
import { describeIssues } from '../../shared/validation';
import { keepAside } from '../files/keep-aside';

export interface SettingsRead {
  /** What the file holds, or the defaults when it is missing or damaged. */
  settings: Settings;
  damage: SettingsDamage | null;
}

/**
 * Reads settings.json. A damaged one (not JSON, or breaking the settings' rules) is moved aside as
 * `settings.json.broken-<time>`, so the next save cannot overwrite what the user may want back.
 */
export function readSettingsFile(file: string, defaults: Settings, now: Date): SettingsRead {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { settings: structuredClone(defaults), damage: null };
    return {
      settings: structuredClone(defaults),
      damage: { keptAs: null, reason: `it could not be read: ${(error as Error).message}` },
    };
  }
  const parsed = parseSettings(text);
  if ('settings' in parsed) return { settings: parsed.settings, damage: null };
  return { settings: structuredClone(defaults), damage: { keptAs: keepAside(file, now), reason: parsed.reason } };
}

/** Whole or not at all: a crash while saving leaves the previous file, never half of one. */
export function saveSettingsFile(file: string, settings: Settings): void {
  writeFileAtomically(file, `${JSON.stringify(settings, null, 2)}\n`);
}

function parseSettings(text: string): { settings: Settings } | { reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { reason: `it is not valid JSON: ${(error as Error).message}` };
  }
  const result = SettingsSchema.safeParse(value);
  return result.success ? { settings: result.data } : { reason: describeIssues(result.error.issues, 'settings') };
}
