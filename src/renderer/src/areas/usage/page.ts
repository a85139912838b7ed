import { IconChartBar } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { UsagePage } from './UsagePage';

export const page = {
  id: 'usage',
  label: 'Usage',
  icon: IconChartBar,
  channel: 'usage.overview',
  view: UsagePage,
} satisfies Page;
