import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { windowI18n } from '../../i18n/i18n';
import { agreeingWith } from '../../domain/movements/movement-words';
import { FEE_METHODS, type AnimalRecord, type FeeMethod } from '../../../../shared/movements';
import type { Person } from '../../../../shared/people';
import { usePetProfile } from './queries';
import { MovementModal, WhenField, momentOf, useMovementFailure, whenProblem } from './MovementDialog';
import { usePerson, useRecordMovement } from './movement-queries';
import { DoNotAdoptOverride, PersonPicker } from './PersonPicker';

export interface MovementDialogProps {
  record: AnimalRecord;
  opened: boolean;
  onClose: () => void;
}

interface PersonValues {
  personId: number | null;
  at: string;
  override: boolean;
  overrideReason: string;
}

/** The person's and the override's checks, shared by the reservation and the adoption. */
function personProblems(values: PersonValues, person: Person | null): Record<string, string | null> {
  const flagged = person?.doNotAdopt === true;
  return {
    personId: values.personId === null ? windowI18n.t('pets:person.missing') : null,
    at: whenProblem(values.at),
    override: flagged && !values.override ? windowI18n.t('pets:person.overrideMissing') : null,
    overrideReason:
      flagged && values.override && !values.overrideReason.trim()
        ? windowI18n.t('pets:person.overrideReasonMissing')
        : null,
  };
}

const overrideOf = (values: PersonValues, person: Person | null) =>
  person?.doNotAdopt && values.override ? { override: { reason: values.overrideReason.trim() } } : {};

interface AdopterFieldProps {
  form: UseFormReturnType<PersonValues>;
  label: string;
  /** Who the form is for now: the one picked, or the one who reserved. */
  person: Person | null;
  onPerson: (person: Person | null) => void;
  /** Someone holding a live reservation takes the place of the picker. */
  reserved?: { name: string } | null;
}

/** Whom the animal goes to, picked from the register or added on the spot, with the override a flagged person needs. */
function AdopterField({ form, label, person, onPerson, reserved }: AdopterFieldProps): React.JSX.Element {
  const { t } = useTranslation('pets');
  return (
    <>
      {reserved ? (
        <TextInput
          label={label}
          description={t('adopt.reservedHint')}
          value={reserved.name}
          readOnly
          error={form.errors.personId}
        />
      ) : (
        <PersonPicker
          label={label}
          role="adopter"
          required
          value={form.values.personId}
          error={form.errors.personId}
          onChange={(chosen) => {
            onPerson(chosen);
            form.setFieldValue('personId', chosen?.id ?? null);
          }}
        />
      )}
      <DoNotAdoptOverride
        person={person}
        checked={form.values.override}
        onCheck={(checked) => form.setFieldValue('override', checked)}
        checkError={form.errors.override}
        reasonProps={form.getInputProps('overrideReason')}
      />
    </>
  );
}

export function ReserveDialog({ record, opened, onClose }: MovementDialogProps): React.JSX.Element {
  const { t } = useTranslation('pets');
  const { pet } = record;
  const [person, setPerson] = useState<Person | null>(null);
  const form = useForm<PersonValues & { expiresAt: string }>({
    initialValues: { personId: null, at: '', expiresAt: '', override: false, overrideReason: '' },
    validate: (values) => {
      const expires = momentOf(values.expiresAt);
      const from = momentOf(values.at) ?? Date.now();
      return {
        ...personProblems(values, person),
        expiresAt: expires !== undefined && expires <= from ? t('reserve.expiresTooSoon') : null,
      };
    },
  });
  const failure = useMovementFailure(form);
  const reserve = useRecordMovement(t('reserve.done', { name: pet.name }));
  const submit = form.onSubmit((values) => {
    failure.clear();
    if (values.personId === null) return;
    reserve.mutate(
      {
        action: 'reserve',
        input: {
          petId: pet.id,
          personId: values.personId,
          at: momentOf(values.at),
          expiresAt: momentOf(values.expiresAt),
          ...overrideOf(values, person),
        },
      },
      { onSuccess: onClose, onError: failure.show },
    );
  });
  return (
    <MovementModal
      opened={opened}
      onClose={onClose}
      title={t('reserve.title', { name: pet.name })}
      submitLabel={t('movement.action.reserve')}
      pending={reserve.isPending}
      failure={failure.alert}
      onSubmit={submit}
      testId="reserve-dialog"
    >
      <AdopterField form={form} label={t('reserve.for')} person={person} onPerson={setPerson} />
      <SimpleGrid cols={2} spacing="sm">
        <WhenField {...form.getInputProps('at')} />
        <WhenField
          label={t('reserve.expires')}
          description={t('reserve.expiresHint')}
          {...form.getInputProps('expiresAt')}
        />
      </SimpleGrid>
    </MovementModal>
  );
}

export function AdoptDialog({ record, opened, onClose }: MovementDialogProps): React.JSX.Element {
  const { t } = useTranslation(['pets', 'domain']);
  const { pet, activeReservation } = record;
  // A live reservation decides the adopter (the engine refuses anyone else until it is cancelled).
  const [reserved] = useState(() =>
    activeReservation && (activeReservation.expiresAt === null || activeReservation.expiresAt > Date.now())
      ? activeReservation.person
      : null,
  );
  const profile = usePetProfile(pet.id);
  const [chosen, setPerson] = useState<Person | null>(null);
  // The one who reserved is checked too: their flag needs its override at the adoption as well.
  const reservedPerson = usePerson(reserved?.id ?? null);
  const person = chosen ?? reservedPerson.data?.person ?? null;
  const form = useForm<PersonValues & { fee: number | string; feeMethod: FeeMethod | null }>({
    initialValues: {
      personId: reserved?.id ?? null,
      at: '',
      fee: profile.data?.profile.adoptionFee ?? '',
      feeMethod: null,
      override: false,
      overrideReason: '',
    },
    validate: (values) => ({
      ...personProblems(values, person),
      fee:
        typeof values.fee !== 'number'
          ? t('adopt.feeMissing')
          : Math.abs(Math.round(values.fee * 100) - values.fee * 100) > 1e-6
            ? t('adopt.feeDecimals')
            : null,
      feeMethod: values.feeMethod === null ? t('adopt.methodMissing') : null,
    }),
  });
  const failure = useMovementFailure(form);
  const adopt = useRecordMovement(t('adopt.done', { name: pet.name, ...agreeingWith(profile.data?.profile.sex) }));
  const submit = form.onSubmit((values) => {
    failure.clear();
    if (values.personId === null || values.feeMethod === null || typeof values.fee !== 'number') return;
    adopt.mutate(
      {
        action: 'adopt',
        input: {
          petId: pet.id,
          personId: values.personId,
          at: momentOf(values.at),
          fee: values.fee,
          feeMethod: values.feeMethod,
          ...overrideOf(values, person),
        },
      },
      { onSuccess: onClose, onError: failure.show },
    );
  });
  const currency = profile.data?.currency;
  return (
    <MovementModal
      opened={opened}
      onClose={onClose}
      title={t('adopt.title', { name: pet.name })}
      submitLabel={t('adopt.submit')}
      pending={adopt.isPending}
      failure={failure.alert}
      onSubmit={submit}
      testId="adopt-dialog"
    >
      <AdopterField form={form} label={t('adopt.adopter')} person={person} onPerson={setPerson} reserved={reserved} />
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput
          label={currency ? t('adopt.feeIn', { currency }) : t('adopt.fee')}
          withAsterisk
          allowNegative={false}
          decimalScale={4}
          {...form.getInputProps('fee')}
        />
        <Select
          label={t('adopt.method')}
          withAsterisk
          data={FEE_METHODS.map((method) => ({ value: method, label: t(`domain:movements.feeMethod.${method}`) }))}
          {...form.getInputProps('feeMethod')}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <WhenField {...form.getInputProps('at')} />
    </MovementModal>
  );
}

export function FosterStartDialog({ record, opened, onClose }: MovementDialogProps): React.JSX.Element {
  const { t } = useTranslation('pets');
  const { pet } = record;
  const form = useForm<{ personId: number | null; at: string; expectedEndAt: string }>({
    initialValues: { personId: null, at: '', expectedEndAt: '' },
    validate: (values) => {
      const end = momentOf(values.expectedEndAt);
      return {
        personId: values.personId === null ? t('fosterStart.homeMissing') : null,
        at: whenProblem(values.at),
        expectedEndAt:
          end !== undefined && end <= (momentOf(values.at) ?? Date.now()) ? t('fosterStart.endTooSoon') : null,
      };
    },
  });
  const failure = useMovementFailure(form);
  const start = useRecordMovement(t('fosterStart.done', { name: pet.name }));
  const submit = form.onSubmit((values) => {
    failure.clear();
    if (values.personId === null) return;
    start.mutate(
      {
        action: 'fosterStart',
        input: {
          petId: pet.id,
          personId: values.personId,
          at: momentOf(values.at),
          expectedEndAt: momentOf(values.expectedEndAt),
        },
      },
      { onSuccess: onClose, onError: failure.show },
    );
  });
  return (
    <MovementModal
      opened={opened}
      onClose={onClose}
      title={t('fosterStart.title', { name: pet.name })}
      submitLabel={t('fosterStart.submit')}
      pending={start.isPending}
      failure={failure.alert}
      onSubmit={submit}
      testId="foster-start-dialog"
    >
      <PersonPicker
        label={t('foster.home')}
        role="foster"
        required
        value={form.values.personId}
        error={form.errors.personId}
        onChange={(chosen) => form.setFieldValue('personId', chosen?.id ?? null)}
      />
      <SimpleGrid cols={2} spacing="sm">
        <WhenField label={t('fosterStart.from')} {...form.getInputProps('at')} />
        {/* The expected end may lie ahead: it is a plan, not a movement. */}
        <TextInput
          type="datetime-local"
          label={t('fosterStart.expectedBack')}
          description={t('fosterStart.optional')}
          {...form.getInputProps('expectedEndAt')}
        />
      </SimpleGrid>
    </MovementModal>
  );
}
