/**
 * The admin contract: every channel the GUI may call, its input schema and its result type, made
 * from the areas' declarations (src/shared/channels/<area>.ts). Main validates every payload with
 * these schemas; the preload exposes exactly these channels; the browser mode serves the same
 * channels over HTTP.
 */
import type { z } from 'zod';
import {
  ADMIN_CHANNEL_DECLARATIONS,
  ADMIN_CHANNEL_NAMES,
  type AdminChannelDeclarations,
  type AdminChannelName,
} from './channels';
import { SCHEMA_KIT } from './channels/kit';
import type { AdminErrorBody } from './errors';

export type { ServerStatus, SettingsDamage } from './channels/server';
export type { BurstResult, ConsoleResponse, OverviewRow } from './channels/api-clients';
export type { TeamState } from './channels/staff';

export type AdminChannel = AdminChannelName;
export const ADMIN_CHANNELS: readonly AdminChannel[] = ADMIN_CHANNEL_NAMES;

type InputOf<C extends AdminChannel> = ReturnType<AdminChannelDeclarations[C]['input']>;

/** Each channel's input schema, made once from its declaration. */
export const ADMIN_CONTRACT = Object.fromEntries(
  ADMIN_CHANNEL_NAMES.map((channel) => [channel, { input: ADMIN_CHANNEL_DECLARATIONS[channel].input(SCHEMA_KIT) }]),
) as { [C in AdminChannel]: { input: InputOf<C> } };

export type AdminInput<C extends AdminChannel> = z.input<InputOf<C>>;
export type AdminParsedInput<C extends AdminChannel> = z.output<InputOf<C>>;
export type AdminOutput<C extends AdminChannel> = AdminChannelDeclarations[C]['answer'];

/** What crosses IPC or HTTP: errors travel as values, since thrown classes do not survive IPC; with their details (docs/errors.md). */
export type AdminResult<T> = { ok: true; value: T } | { ok: false; error: AdminErrorBody };

/** The typed API the renderer sees, one method per channel. */
export type AdminApi = { [C in AdminChannel]: (input: AdminInput<C>) => Promise<AdminResult<AdminOutput<C>>> };

/** In the HTTP transport of browser mode, every channel is POST {ADMIN_HTTP_PREFIX}{channel}. */
export const ADMIN_HTTP_PREFIX = '/admin/api/';
/** Browser mode serves a pet's stored photos at GET {ADMIN_PHOTOS_PREFIX}<environment>/<hash>.jpg (or -thumb.jpg). */
export const ADMIN_PHOTOS_PREFIX = '/admin/photos/';
