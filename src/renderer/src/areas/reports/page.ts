import { IconReportAnalytics } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { ReportsPage } from './ReportsPage';

export const page = {
  id: 'reports',
  label: 'Reports',
  icon: IconReportAnalytics,
  channel: 'reports.sac',
  view: ReportsPage,
} satisfies Page;
