import { IconServer } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { ServerPage } from './ServerPage';

export const page = {
  id: 'server',
  label: 'Server',
  icon: IconServer,
  // The server's settings are the owners', but its backups panel is the managers' too.
  channel: 'backups.status',
  view: ServerPage,
} satisfies Page;
