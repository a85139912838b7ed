/** The admin channel names alone (no schemas), so the preload can expose them without bundling zod: derived from the areas' declarations. */
export { ADMIN_CHANNEL_NAMES, type AdminChannelName } from './channels';
