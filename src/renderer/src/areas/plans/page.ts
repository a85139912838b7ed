import { IconListDetails } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { PlansPage } from './PlansPage';

export const page = {
  id: 'plans',
  label: 'Plans',
  icon: IconListDetails,
  channel: 'plans.list',
  view: PlansPage,
} satisfies Page;
