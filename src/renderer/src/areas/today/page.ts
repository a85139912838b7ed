import { IconCalendarEvent } from '@tabler/icons-react';
import type { Page } from '../../ui/navigation';
import { TodayPage } from './TodayPage';

export const page = {
  id: 'today',
  label: 'Today',
  icon: IconCalendarEvent,
  // The care due list opens it (volunteers too); its movements sections need movements.today (they name adopters).
  channel: 'care.due',
  view: TodayPage,
} satisfies Page;
