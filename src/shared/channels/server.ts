/** The server: the API servers’ state and their settings. */
import type { Settings } from '../admin-schemas';
import type { Environment } from '../environments';
import { EVERY_MEMBER, OWNER, answer, area } from './declare';

export interface ServerStatus {
  environment: Environment;
  running: boolean;
  /** e.g. http://127.0.0.1:4010/v1 when running */
  baseUrl: string | null;
  port: number;
  host: string;
  /** Why it is not running (a port in use, say), and what to do about it. */
  problem: string | null;
  /** Not running because its port is taken: the Server page marks the port field. */
  portInUse: boolean;
  /** The port serving the sites over HTTPS, when one is set and the server runs. */
  httpsPort: number | null;
  /** The settings file was damaged at start: the servers run on the default settings until the next save. */
  settingsDamaged: SettingsDamage | null;
}

/** A settings file that could not be used: kept aside for the user, never silently lost. */
export interface SettingsDamage {
  /** Where the damaged file was moved (`settings.json.broken-<time>`); null when it could not be moved. */
  keptAs: string | null;
  /** What was wrong with it: a JSON syntax error, or the fields that break the rules ("ports.staging: …"). */
  reason: string;
}

export const SERVER_CHANNELS = area({
  'servers.status': {
    input: ({ z }) => z.strictObject({}),
    answer: answer<ServerStatus[]>(),
    may: EVERY_MEMBER,
    forFoster: 'no-animal',
  },
  'settings.get': {
    input: ({ z }) => z.strictObject({}),
    answer: answer<Settings>(),
    may: OWNER,
  },
  'settings.update': {
    input: ({ SettingsUpdateSchema }) => SettingsUpdateSchema,
    answer: answer<ServerStatus[]>(),
    may: OWNER,
    writes: 'Changed the server settings',
  },
});
