import { IconUserShield } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { StaffPage } from './StaffPage';

export const page = {
  id: 'staff',
  label: 'Staff',
  icon: IconUserShield,
  channel: 'staff.list',
  view: StaffPage,
} satisfies Page;
