import { IconUsers } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { PeoplePage } from './PeoplePage';

export const page = {
  id: 'people',
  label: 'People',
  icon: IconUsers,
  channel: 'people.list',
  view: PeoplePage,
} satisfies Page;
