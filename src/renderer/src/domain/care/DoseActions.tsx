import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Dose } from '../../../../shared/care';
import { useCan } from '../../client/staff';
import { useDialog } from '../../ui/dialog';
import { GiveModal, type GiveTarget } from './GiveModal';
import { SkipModal } from './SkipModal';

/** The give and skip dialogs of a list of doses, each opened for one animal or, for giving, a round. */
export interface DoseDialogs {
  give: (targets: GiveTarget[]) => void;
  skip: (dose: Dose, petName: string) => void;
  /** The two dialogs, placed once by the list. */
  modals: React.JSX.Element;
}

/** `onGiveClosed` runs as the give dialog closes, whether it recorded or not (a round's ticks are cleared). */
export function useDoseDialogs(onGiveClosed?: () => void): DoseDialogs {
  const give = useDialog<GiveTarget[]>();
  const skip = useDialog<{ dose: Dose; petName: string }>();
  return {
    give: give.open,
    skip: (dose, petName) => skip.open({ dose, petName }),
    modals: (
      <>
        <GiveModal
          opened={give.opened}
          targets={give.subject ?? []}
          onClose={() => {
            give.close();
            onGiveClosed?.();
          }}
        />
        <SkipModal
          opened={skip.opened}
          dose={skip.subject?.dose ?? null}
          petName={skip.subject?.petName ?? ''}
          onClose={skip.close}
        />
      </>
    ),
  };
}

export const giveTargetOf = (dose: Dose, petName: string): GiveTarget => ({
  petId: dose.petId,
  petName,
  vaccine: dose.vaccine,
  doseId: dose.id,
});

interface DoseActionsProps {
  dose: Dose;
  petName: string;
  dialogs: DoseDialogs;
  /** Any action of the caller's between "Given" and "Skip" (the record page's "Reschedule"). */
  children?: React.ReactNode;
}

/** A waiting dose's row buttons: "Given" and "Skip", each opening its dialog for this dose, when the caller's role may. */
export function DoseActions({ dose, petName, dialogs, children }: DoseActionsProps): React.JSX.Element {
  const mayGive = useCan('care.give');
  const maySkip = useCan('care.skip');
  const { t } = useTranslation('care');
  return (
    // Wrapped when the column is narrow: German's three buttons are wider than the rest of the row allows.
    <Group gap={4} wrap="wrap" justify="flex-end">
      {mayGive && (
        <Button size="compact-xs" onClick={() => dialogs.give([giveTargetOf(dose, petName)])}>
          {t('actions.given')}
        </Button>
      )}
      {children}
      {maySkip && (
        <Button size="compact-xs" variant="subtle" color="orange" onClick={() => dialogs.skip(dose, petName)}>
          {t('actions.skip')}
        </Button>
      )}
    </Group>
  );
}
