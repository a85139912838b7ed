import { IconMail } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { OutboxPage } from './OutboxPage';

export const page = {
  id: 'outbox',
  label: 'Outbox',
  icon: IconMail,
  channel: 'outbox.list',
  view: OutboxPage,
} satisfies Page;
