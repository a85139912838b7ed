import { IconFlask } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { LabPage } from './LabPage';

export const page = {
  id: 'lab',
  label: 'Quota lab',
  icon: IconFlask,
  channel: 'lab.clock',
  view: LabPage,
} satisfies Page;
