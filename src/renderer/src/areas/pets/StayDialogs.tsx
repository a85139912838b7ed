import { Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  CHOSEN_INTAKE_TYPES,
  OTHER_OUTCOME_TYPES,
  RECEIVING_ORGANISATION_MAX,
  type IntakeInput,
  type OutcomeType,
  type TransferOrigin,
} from '../../../../shared/movements';
import type { PersonRole } from '../../../../shared/people';
import { recordHref } from '../../ui/navigation';
import { intakeWords, outcomeWords, transferChoices } from '../../domain/movements/movement-words';
import { useCategories } from './category-queries';
import { MovementModal, WhenField, momentOf, useMovementFailure, whenProblem } from './MovementDialog';
import { useRecordMovement } from './movement-queries';
import type { MovementDialogProps } from './PersonMovementDialogs';
import { PersonPicker } from './PersonPicker';

type ChosenIntake = (typeof CHOSEN_INTAKE_TYPES)[number];
type OtherOutcome = Exclude<OutcomeType, 'adoption'>;

/** What the person it came from is to the shelter, for someone added here. */
const INTAKE_ROLE = {
  stray: 'finder',
  owner_surrender: 'owner',
  transfer_in: 'shelter',
  seized: 'owner',
  born_in_care: 'foster',
} as const satisfies Record<ChosenIntake, PersonRole>;

const optional = (text: string) => (text.trim() ? text.trim() : undefined);
const portal = { comboboxProps: { withinPortal: true } } as const;

interface IntakeDialogProps {
  /** The animal taken in again, or null for a new one (named here). */
  pet: { id: number; name: string } | null;
  opened: boolean;
  onClose: () => void;
}

/** An intake: of an animal in the register, or of a new one, whose record page opens once it is in. */
export function IntakeDialog({ pet, opened, onClose }: IntakeDialogProps): React.JSX.Element {
  const { t } = useTranslation('pets');
  const categories = useCategories();
  const form = useForm<{
    name: string;
    categoryId: number | null;
    type: ChosenIntake | null;
    transferFrom: TransferOrigin | null;
    at: string;
    personId: number | null;
    reason: string;
    condition: string;
  }>({
    initialValues: {
      name: '',
      categoryId: null,
      type: null,
      transferFrom: null,
      at: '',
      personId: null,
      reason: '',
      condition: '',
    },
    validate: (values) => ({
      name: pet === null && !values.name.trim() ? t('intake.nameMissing') : null,
      categoryId: pet === null && values.categoryId === null ? t('form.categoryMissing') : null,
      type: values.type === null ? t('intake.typeMissing') : null,
      transferFrom: values.type === 'transfer_in' && values.transferFrom === null ? t('intake.fromMissing') : null,
      at: whenProblem(values.at),
    }),
  });
  const failure = useMovementFailure(form);
  const intake = useRecordMovement(pet ? t('intake.done', { name: pet.name }) : t('intake.doneNew'));
  const submit = form.onSubmit((values) => {
    failure.clear();
    if (values.type === null) return;
    const animal = pet ? { petId: pet.id } : { pet: { name: values.name.trim(), categoryId: values.categoryId ?? 0 } };
    const input: IntakeInput = {
      ...animal,
      type: values.type,
      ...(values.type === 'transfer_in' && values.transferFrom ? { transferFrom: values.transferFrom } : {}),
      at: momentOf(values.at),
      personId: values.personId ?? undefined,
      reason: optional(values.reason),
      condition: optional(values.condition),
    };
    intake.mutate(
      { action: 'intake', input },
      {
        onSuccess: (stay) => {
          onClose();
          if (!pet) window.location.hash = recordHref('pets', stay.petId);
        },
        onError: failure.show,
      },
    );
  });
  return (
    <MovementModal
      opened={opened}
      onClose={onClose}
      title={pet ? t('intake.title', { name: pet.name }) : t('intake.titleNew')}
      submitLabel={t('list.takeIn')}
      pending={intake.isPending}
      failure={failure.alert}
      onSubmit={submit}
      testId="intake-dialog"
    >
      {/* Two columns, so the whole intake fits a 700 px high window. */}
      <SimpleGrid cols={2} spacing="sm">
        {!pet && (
          <TextInput
            label={t('form.name')}
            withAsterisk
            placeholder={t('form.nameExample')}
            data-autofocus
            {...form.getInputProps('name')}
          />
        )}
        {!pet && (
          <Select<number>
            label={t('form.category')}
            withAsterisk
            searchable
            data={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
            {...form.getInputProps('categoryId')}
            {...portal}
          />
        )}
        <Select
          label={t('intake.type')}
          withAsterisk
          data={CHOSEN_INTAKE_TYPES.map((type) => ({ value: type, label: intakeWords(type) }))}
          {...form.getInputProps('type')}
          {...portal}
        />
        {form.values.type === 'transfer_in' && (
          <Select
            label={t('intake.from')}
            withAsterisk
            data={transferChoices()}
            {...form.getInputProps('transferFrom')}
            {...portal}
          />
        )}
        <WhenField {...form.getInputProps('at')} />
      </SimpleGrid>
      <PersonPicker
        label={t('intake.fromWhom')}
        role={INTAKE_ROLE[form.values.type ?? 'stray']}
        value={form.values.personId}
        onChange={(chosen) => form.setFieldValue('personId', chosen?.id ?? null)}
      />
      <SimpleGrid cols={2} spacing="sm">
        <Textarea label={t('movement.reason')} autosize minRows={1} {...form.getInputProps('reason')} />
        <Textarea label={t('movement.condition')} autosize minRows={1} {...form.getInputProps('condition')} />
      </SimpleGrid>
    </MovementModal>
  );
}

export function CancelReservationDialog({ record, opened, onClose }: MovementDialogProps): React.JSX.Element {
  const { t } = useTranslation('pets');
  const { pet, activeReservation } = record;
  const form = useForm({
    initialValues: { at: '', reason: '' },
    validate: (values) => ({ at: whenProblem(values.at) }),
  });
  const failure = useMovementFailure(form);
  const cancel = useRecordMovement(t('cancelReservation.done', { name: pet.name }));
  const submit = form.onSubmit((values) => {
    failure.clear();
    cancel.mutate(
      {
        action: 'cancelReservation',
        input: { petId: pet.id, at: momentOf(values.at), reason: optional(values.reason) },
      },
      { onSuccess: onClose, onError: failure.show },
    );
  });
  return (
    <MovementModal
      opened={opened}
      onClose={onClose}
      title={t('cancelReservation.title', { name: pet.name })}
      submitLabel={t('cancelReservation.submit')}
      pending={cancel.isPending}
      failure={failure.alert}
      onSubmit={submit}
      testId="cancel-reservation-dialog"
    >
      <TextInput label={t('cancelReservation.reservedFor')} value={activeReservation?.person.name ?? ''} readOnly />
      <WhenField {...form.getInputProps('at')} />
      <Textarea label={t('movement.reason')} autosize minRows={1} {...form.getInputProps('reason')} />
    </MovementModal>
  );
}

export function FosterEndDialog({ record, opened, onClose }: MovementDialogProps): React.JSX.Element {
  const { t } = useTranslation('pets');
  const { pet, location } = record;
  const form = useForm({ initialValues: { at: '' }, validate: (values) => ({ at: whenProblem(values.at) }) });
  const failure = useMovementFailure(form);
  const end = useRecordMovement(t('fosterEnd.done', { name: pet.name }));
  const submit = form.onSubmit((values) => {
    failure.clear();
    end.mutate(
      { action: 'fosterEnd', input: { petId: pet.id, at: momentOf(values.at) } },
      { onSuccess: onClose, onError: failure.show },
    );
  });
  return (
    <MovementModal
      opened={opened}
      onClose={onClose}
      title={t('fosterEnd.title', { name: pet.name })}
      submitLabel={t('fosterEnd.submit')}
      pending={end.isPending}
      failure={failure.alert}
      onSubmit={submit}
      testId="foster-end-dialog"
    >
      <TextInput
        label={t('foster.home')}
        value={location.kind === 'foster' ? location.placement.person.name : ''}
        readOnly
      />
      <WhenField label={t('fosterEnd.backOn')} {...form.getInputProps('at')} />
    </MovementModal>
  );
}

export function OutcomeDialog({ record, opened, onClose }: MovementDialogProps): React.JSX.Element {
  const { t } = useTranslation('pets');
  const { pet } = record;
  const form = useForm<{
    type: OtherOutcome | null;
    transferTo: TransferOrigin | null;
    receivingOrganisation: string;
    at: string;
    personId: number | null;
    reason: string;
  }>({
    initialValues: { type: null, transferTo: null, receivingOrganisation: '', at: '', personId: null, reason: '' },
    validate: (values) => ({
      type: values.type === null ? t('outcome.typeMissing') : null,
      transferTo: values.type === 'transfer_out' && values.transferTo === null ? t('outcome.whereMissing') : null,
      at: whenProblem(values.at),
    }),
  });
  const failure = useMovementFailure(form);
  const outcome = useRecordMovement(t('outcome.done', { name: pet.name }));
  const transfer = form.values.type === 'transfer_out';
  const submit = form.onSubmit((values) => {
    failure.clear();
    if (values.type === null) return;
    const destination =
      values.type === 'transfer_out'
        ? { transferTo: values.transferTo ?? undefined, receivingOrganisation: optional(values.receivingOrganisation) }
        : {};
    outcome.mutate(
      {
        action: 'outcome',
        input: {
          petId: pet.id,
          type: values.type,
          ...destination,
          at: momentOf(values.at),
          personId: values.personId ?? undefined,
          reason: optional(values.reason),
        },
      },
      { onSuccess: onClose, onError: failure.show },
    );
  });
  return (
    <MovementModal
      opened={opened}
      onClose={onClose}
      title={t('outcome.title', { name: pet.name })}
      submitLabel={t('outcome.submit')}
      pending={outcome.isPending}
      failure={failure.alert}
      onSubmit={submit}
      testId="outcome-dialog"
    >
      <SimpleGrid cols={2} spacing="sm">
        <Select
          label={t('outcome.type')}
          description={t('outcome.typeHint')}
          withAsterisk
          data={OTHER_OUTCOME_TYPES.map((type) => ({ value: type, label: outcomeWords(type) }))}
          {...form.getInputProps('type')}
          {...portal}
        />
        <WhenField {...form.getInputProps('at')} />
        {transfer && (
          <Select
            label={t('outcome.where')}
            withAsterisk
            data={transferChoices()}
            {...form.getInputProps('transferTo')}
            {...portal}
          />
        )}
        {transfer && (
          <TextInput
            label={t('outcome.organisation')}
            placeholder={t('outcome.organisationExample')}
            maxLength={RECEIVING_ORGANISATION_MAX}
            {...form.getInputProps('receivingOrganisation')}
          />
        )}
      </SimpleGrid>
      <PersonPicker
        label={t('outcome.toWhom')}
        role={form.values.type === 'transfer_out' ? 'shelter' : 'owner'}
        value={form.values.personId}
        onChange={(chosen) => form.setFieldValue('personId', chosen?.id ?? null)}
      />
      <Textarea label={t('movement.reason')} autosize minRows={1} {...form.getInputProps('reason')} />
    </MovementModal>
  );
}

export function ReturnDialog({ record, opened, onClose }: MovementDialogProps): React.JSX.Element {
  const { t } = useTranslation('pets');
  const { pet, stays } = record;
  const form = useForm({
    initialValues: { at: '', reason: '', condition: '' },
    validate: (values) => ({
      at: whenProblem(values.at),
      reason: values.reason.trim() ? null : t('return.reasonMissing'),
    }),
  });
  const failure = useMovementFailure(form);
  const back = useRecordMovement(t('return.done', { name: pet.name }));
  const submit = form.onSubmit((values) => {
    failure.clear();
    back.mutate(
      {
        action: 'return',
        input: {
          petId: pet.id,
          at: momentOf(values.at),
          reason: values.reason.trim(),
          condition: optional(values.condition),
        },
      },
      { onSuccess: onClose, onError: failure.show },
    );
  });
  return (
    <MovementModal
      opened={opened}
      onClose={onClose}
      title={t('return.title', { name: pet.name })}
      submitLabel={t('return.submit')}
      pending={back.isPending}
      failure={failure.alert}
      onSubmit={submit}
      testId="return-dialog"
    >
      <TextInput label={t('return.by')} value={stays[0]?.outcomePerson?.name ?? ''} readOnly />
      <WhenField {...form.getInputProps('at')} />
      <Textarea label={t('movement.reason')} withAsterisk autosize minRows={1} {...form.getInputProps('reason')} />
      <Textarea label={t('movement.condition')} autosize minRows={1} {...form.getInputProps('condition')} />
    </MovementModal>
  );
}
