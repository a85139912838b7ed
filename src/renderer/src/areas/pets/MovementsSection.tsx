import { Button, Group, Stack, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconBookmark,
  IconBookmarkOff,
  IconDoorEnter,
  IconDoorExit,
  IconHeartHandshake,
  IconHome,
  IconHomeCheck,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { AnimalRecord } from '../../../../shared/movements';
import { offeredActions, type MovementAction } from './movement-actions';
import { AdoptDialog, FosterStartDialog, ReserveDialog, type MovementDialogProps } from './PersonMovementDialogs';
import { StayCard } from './StayTimeline';
import { CancelReservationDialog, FosterEndDialog, IntakeDialog, OutcomeDialog, ReturnDialog } from './StayDialogs';

const ACTION_BUTTONS: Record<MovementAction, { label: string; icon: React.ReactNode }> = {
  intake: { label: 'Intake', icon: <IconDoorEnter size={16} /> },
  reserve: { label: 'Reserve', icon: <IconBookmark size={16} /> },
  cancelReservation: { label: 'Cancel reservation', icon: <IconBookmarkOff size={16} /> },
  adopt: { label: 'Adopt', icon: <IconHeartHandshake size={16} /> },
  fosterStart: { label: 'Foster', icon: <IconHome size={16} /> },
  fosterEnd: { label: 'End foster', icon: <IconHomeCheck size={16} /> },
  outcome: { label: 'Outcome', icon: <IconDoorExit size={16} /> },
  return: { label: 'Return', icon: <IconArrowBackUp size={16} /> },
};

const DIALOGS: Record<Exclude<MovementAction, 'intake'>, (props: MovementDialogProps) => React.JSX.Element> = {
  reserve: ReserveDialog,
  cancelReservation: CancelReservationDialog,
  adopt: AdoptDialog,
  fosterStart: FosterStartDialog,
  fosterEnd: FosterEndDialog,
  outcome: OutcomeDialog,
  return: ReturnDialog,
};

/** The animal's stays, newest first, and the movements its state allows, each a dialog. */
export function MovementsSection({ record, readAt }: { record: AnimalRecord; readAt: number }): React.JSX.Element {
  // Which dialog, and a fresh form for each opening; the dialog stays mounted while it fades out.
  const [dialog, setDialog] = useState<{ action: MovementAction; opened: boolean; opening: number } | null>(null);
  const open = (action: MovementAction) =>
    setDialog((current) => ({ action, opened: true, opening: (current?.opening ?? 0) + 1 }));
  const close = () => setDialog((current) => current && { ...current, opened: false });
  const Dialog = dialog && dialog.action !== 'intake' ? DIALOGS[dialog.action] : null;

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap" data-testid="movement-actions">
        {offeredActions(record, readAt).map((action) => (
          <Button
            key={action}
            variant={action === 'adopt' ? 'filled' : 'light'}
            size="sm"
            leftSection={ACTION_BUTTONS[action].icon}
            onClick={() => open(action)}
          >
            {ACTION_BUTTONS[action].label}
          </Button>
        ))}
      </Group>
      {record.stays.length === 0 && <Text c="dimmed">No stay recorded yet.</Text>}
      {record.stays.map((stay) => (
        <StayCard key={stay.id} stay={stay} events={record.events} petName={record.pet.name} />
      ))}
      {dialog?.action === 'intake' && (
        <IntakeDialog key={dialog.opening} pet={record.pet} opened={dialog.opened} onClose={close} />
      )}
      {Dialog && dialog && <Dialog key={dialog.opening} record={record} opened={dialog.opened} onClose={close} />}
    </Stack>
  );
}
