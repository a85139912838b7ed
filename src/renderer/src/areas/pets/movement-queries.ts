import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdoptInput,
  CancelReservationInput,
  FosterEndInput,
  FosterStartInput,
  IntakeInput,
  OutcomeInput,
  ReserveInput,
  ReturnInput,
  Stay,
} from '../../../../shared/movements';
import type { Environment } from '../../../../shared/environments';
import { useAction } from '../../client/action';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { SHOWN_IN_PLACE } from '../../client/errors';
import { call } from '../../client/transport';
import { useTranslation } from 'react-i18next';

/** The record page in one read; keyed under `pets`, so a profile or photo saved elsewhere refreshes its header too. */
/** `enabled` false for a role that may not read movements (a volunteer: they name adopters and fosters). */
export function useAnimalRecord(petId: number, enabled = true) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'pets', 'record', petId],
    queryFn: () => call('movements.record', { environment, petId }),
    enabled,
  });
}

/** People matching what was typed (the engine folds case and accents), a page at a time. */
export function usePeopleSearch(search: string) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'people', 'list', search],
    queryFn: () => call('people.list', { environment, query: { search: search || undefined, limit: 20 } }),
    placeholderData: keepPreviousData,
  });
}

/** One person as the register has them now (their flags above all). */
export function usePerson(id: number | null) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'people', 'show', id],
    queryFn: () => call('people.show', { environment, id: id ?? 0 }),
    enabled: id !== null,
  });
}

/** Each movement, as the dialogs send it: the engine's input for that channel. */
export type MovementCall =
  | { action: 'intake'; input: IntakeInput }
  | { action: 'reserve'; input: ReserveInput }
  | { action: 'cancelReservation'; input: CancelReservationInput }
  | { action: 'adopt'; input: AdoptInput }
  | { action: 'fosterStart'; input: FosterStartInput }
  | { action: 'fosterEnd'; input: FosterEndInput }
  | { action: 'outcome'; input: OutcomeInput }
  | { action: 'return'; input: ReturnInput };

function send(movement: MovementCall, environment: Environment): Promise<Stay> {
  switch (movement.action) {
    case 'intake':
      return call('movements.intake', { environment, intake: movement.input });
    case 'reserve':
      return call('movements.reserve', { environment, reservation: movement.input });
    case 'cancelReservation':
      return call('movements.cancelReservation', { environment, cancellation: movement.input });
    case 'adopt':
      return call('movements.adopt', { environment, adoption: movement.input });
    case 'fosterStart':
      return call('movements.fosterStart', { environment, placement: movement.input });
    case 'fosterEnd':
      return call('movements.fosterEnd', { environment, placement: movement.input });
    case 'outcome':
      return call('movements.outcome', { environment, outcome: movement.input });
    case 'return':
      return call('movements.return', { environment, return: movement.input });
  }
}

/** One movement recorded from a dialog: its failure stays in the dialog; the list, the record and the people refresh. */
export function useRecordMovement(done: string) {
  const { t } = useTranslation('pets');
  return useAction({
    run: (movement: MovementCall, environment) => send(movement, environment),
    progress: t('movement.recording'),
    success: () => done,
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['pets', 'movements', 'people'],
  });
}

export function useContractPdf() {
  const { t } = useTranslation('pets');
  return useAction({
    run: ({ stayId }: { stayId: number }, environment) => call('movements.contractPdf', { environment, stayId }),
    progress: t('contract.making'),
    success: ({ fileName }) => t('contract.ready', { fileName }),
    invalidates: [],
  });
}
