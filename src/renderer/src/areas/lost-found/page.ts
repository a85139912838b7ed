import { IconMapSearch } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { LostFoundPage } from './LostFoundPage';

export const page = {
  id: 'lost-found',
  label: 'Lost and found',
  icon: IconMapSearch,
  channel: 'lostFound.list',
  view: LostFoundPage,
} satisfies Page;
