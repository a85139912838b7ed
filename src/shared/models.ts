/** The shapes the admin side shows: returned by the services, carried over IPC or HTTP to the GUI. */
import type { Pet, PetStatus } from './pet';
import type { PlanId } from './plans';
import type { WindowUsage } from './quota';
import type { Departure } from './outcomes';
import type { Species } from './species';

export interface Category {
  id: number;
  name: string;
  /** What kind of animal it holds, whatever its name says (shared/species.ts). */
  species: Species;
  petCount: number;
}

export interface PetRecord extends Pet {
  createdAt: number;
  updatedAt: number;
  /** The animal's version (record, status and profile together): a save from an older one is refused (edit_conflict). */
  version: number;
  /** With `sold`: how it left care when that was no adoption; null while in care, adopted, or set by hand. */
  departure: Departure | null;
}

export interface StatusChange {
  fromStatus: PetStatus | null;
  toStatus: PetStatus;
  /** When the change was recorded. */
  changedAt: number;
  /** When the movement behind it happened (a back-dated adoption's day); `changedAt` for a change by hand. */
  happenedAt: number;
  /** With `toStatus` `sold`: how it left care when that was no adoption. */
  departure: Departure | null;
}

export interface Account {
  id: number;
  name: string;
  planId: PlanId;
  customPerMinute: number | null;
  customPerDay: number | null;
  createdAt: number;
  activeKeys: number;
}

export interface ApiKeyRecord {
  id: number;
  accountId: number;
  displayPrefix: string;
  label: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface BanRecord {
  id: number;
  keyId: number;
  accountId: number;
  startedAt: number;
  until: number;
  liftedAt: number | null;
}

export interface UsageReport {
  accountId: number;
  minute: WindowUsage & { rejected: number };
  day: WindowUsage & { rejected: number };
  bansToday: number;
  activeBans: BanRecord[];
  /** 60 entries, oldest first, one per UTC minute. */
  lastHour: { start: number; accepted: number; rejected: number }[];
}
