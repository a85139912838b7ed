import { IconHistory } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { AuditPage } from './AuditPage';

export const page = {
  id: 'audit',
  label: 'Audit',
  icon: IconHistory,
  channel: 'audit.list',
  view: AuditPage,
} satisfies Page;
