import { IconPaw } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { PetsPage } from './PetsPage';

export const page = {
  id: 'pets',
  label: 'Pets',
  icon: IconPaw,
  channel: 'pets.browse',
  view: PetsPage,
} satisfies Page;
