import { IconBuildingCommunity } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { ShelterPage } from './ShelterPage';

export const page = {
  id: 'shelter',
  label: 'Shelter',
  icon: IconBuildingCommunity,
  channel: 'shelter.set',
  view: ShelterPage,
} satisfies Page;
