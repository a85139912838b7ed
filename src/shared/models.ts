/** The shapes the admin side shows: returned by the services, carried over IPC or HTTP to the GUI. */
import type { Pet, PetStatus } from './pet';
import type { PlanId } from './plans';
import type { WindowUsage } from './quota';

export interface Category {
  id: number;
  name: string;
  petCount: number;
}

export interface PetRecord extends Pet {
  createdAt: number;
  updatedAt: number;
  /** The animal's version (record, status and profile together): a save from an older one is refused (edit_conflict). */
  version: number;
}

export interface StatusChange {
  fromStatus: PetStatus | null;
  toStatus: PetStatus;
  changedAt: number;
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
