import { IconWorldWww } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { SitesPage } from './SitesPage';

export const page = {
  id: 'sites',
  label: 'Sites',
  icon: IconWorldWww,
  channel: 'projects.list',
  view: SitesPage,
} satisfies Page;
