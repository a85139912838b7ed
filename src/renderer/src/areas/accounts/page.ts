import { IconKey } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { AccountsPage } from './AccountsPage';

export const page = {
  id: 'accounts',
  label: 'Accounts & keys',
  icon: IconKey,
  channel: 'accounts.list',
  view: AccountsPage,
} satisfies Page;
