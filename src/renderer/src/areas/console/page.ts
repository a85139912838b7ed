import { IconTerminal2 } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { ConsolePage } from './ConsolePage';

export const page = {
  id: 'console',
  label: 'API console',
  icon: IconTerminal2,
  channel: 'console.send',
  view: ConsolePage,
} satisfies Page;
