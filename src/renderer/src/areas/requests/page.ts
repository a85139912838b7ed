import { IconListSearch } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { RequestsPage } from './RequestsPage';

export const page = {
  id: 'requests',
  label: 'Requests',
  icon: IconListSearch,
  channel: 'lab.requests',
  view: RequestsPage,
} satisfies Page;
