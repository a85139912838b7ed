import { IconInbox } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { IncomingPage } from './IncomingPage';

export const page = {
  id: 'incoming',
  label: 'Incoming',
  icon: IconInbox,
  channel: 'applications.list',
  view: IncomingPage,
} satisfies Page;
