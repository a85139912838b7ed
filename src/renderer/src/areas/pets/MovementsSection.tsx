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
import { useTranslation } from 'react-i18next';
import type { AnimalRecord } from '../../../../shared/movements';
import type { PetSex } from '../../../../shared/pet-profile';
import { offeredActions, type MovementAction } from './movement-actions';
import { AdoptDialog, FosterStartDialog, ReserveDialog, type MovementDialogProps } from './PersonMovementDialogs';
import { StayCard } from './StayTimeline';
import { CancelReservationDialog, FosterEndDialog, IntakeDialog, OutcomeDialog, ReturnDialog } from './StayDialogs';

const ACTION_ICONS: Record<MovementAction, React.ReactNode> = {
  intake: <IconDoorEnter size={16} />,
  reserve: <IconBookmark size={16} />,
  cancelReservation: <IconBookmarkOff size={16} />,
  adopt: <IconHeartHandshake size={16} />,
  fosterStart: <IconHome size={16} />,
  fosterEnd: <IconHomeCheck size={16} />,
  outcome: <IconDoorExit size={16} />,
  return: <IconArrowBackUp size={16} />,
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
export function MovementsSection({
  record,
  readAt,
  sex,
}: {
  record: AnimalRecord;
  readAt: number;
  sex: PetSex | null;
}): React.JSX.Element {
  const { t } = useTranslation('pets');
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
            leftSection={ACTION_ICONS[action]}
            onClick={() => open(action)}
          >
            {t(`movement.action.${action}`)}
          </Button>
        ))}
      </Group>
      {record.stays.length === 0 && <Text c="dimmed">{t('movement.noStay')}</Text>}
      {record.stays.map((stay) => (
        <StayCard key={stay.id} stay={stay} events={record.events} petName={record.pet.name} sex={sex} />
      ))}
      {dialog?.action === 'intake' && (
        <IntakeDialog key={dialog.opening} pet={record.pet} opened={dialog.opened} onClose={close} />
      )}
      {Dialog && dialog && <Dialog key={dialog.opening} record={record} opened={dialog.opened} onClose={close} />}
    </Stack>
  );
}
