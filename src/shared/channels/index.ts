/**
 * Every admin channel, assembled from the areas' declarations (one file per area). Zod-free at run
 * time: the preload reads the names from here; the schemas are made by admin-contract.ts.
 */
import { API_CLIENT_CHANNELS } from './api-clients';
import { AUDIT_CHANNELS } from './audit';
import { BACKUP_CHANNELS } from './backups';
import { CARE_CHANNELS } from './care';
import { CATEGORY_CHANNELS } from './categories';
import { CONTRACT_CHANNELS } from './contracts';
import type { ChannelDeclaration } from './declare';
import { FRONT_DOOR_CHANNELS } from './front-door';
import { LAB_CHANNELS } from './lab';
import { LOST_FOUND_CHANNELS } from './lost-found';
import { MOVEMENT_CHANNELS } from './movements';
import { OUTBOX_CHANNELS } from './outbox';
import { PEOPLE_CHANNELS } from './people';
import { PET_CHANNELS } from './pets';
import { PHOTO_CHANNELS } from './photos';
import { PUBLISHING_CHANNELS } from './portals';
import { REPORT_CHANNELS } from './reports';
import { SERVER_CHANNELS } from './server';
import { SHELTER_CHANNELS } from './shelter';
import { SITE_CHANNELS } from './sites';
import { STAFF_CHANNELS } from './staff';

export const ADMIN_CHANNEL_DECLARATIONS = {
  ...SERVER_CHANNELS,
  ...CATEGORY_CHANNELS,
  ...PET_CHANNELS,
  ...PHOTO_CHANNELS,
  ...SHELTER_CHANNELS,
  ...MOVEMENT_CHANNELS,
  ...CONTRACT_CHANNELS,
  ...PEOPLE_CHANNELS,
  ...FRONT_DOOR_CHANNELS,
  ...CARE_CHANNELS,
  ...LOST_FOUND_CHANNELS,
  ...REPORT_CHANNELS,
  ...PUBLISHING_CHANNELS,
  ...SITE_CHANNELS,
  ...API_CLIENT_CHANNELS,
  ...LAB_CHANNELS,
  ...STAFF_CHANNELS,
  ...BACKUP_CHANNELS,
  ...AUDIT_CHANNELS,
  ...OUTBOX_CHANNELS,
};

export type AdminChannelDeclarations = typeof ADMIN_CHANNEL_DECLARATIONS;
export type AdminChannelName = keyof AdminChannelDeclarations;

declare module './declare' {
  interface ChannelRegistry {
    name: AdminChannelName;
  }
}

/** The channel names alone, in the areas' order: what the preload exposes, one method each. */
export const ADMIN_CHANNEL_NAMES = Object.keys(ADMIN_CHANNEL_DECLARATIONS) as AdminChannelName[];

/** A channel's whole declaration, in one lookup; undefined for a name that is none. */
export function declarationOf(name: string): ChannelDeclaration | undefined {
  return Object.hasOwn(ADMIN_CHANNEL_DECLARATIONS, name)
    ? ADMIN_CHANNEL_DECLARATIONS[name as AdminChannelName]
    : undefined;
}
