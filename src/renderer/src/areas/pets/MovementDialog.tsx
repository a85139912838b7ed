import { Button, Group, Modal, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { windowI18n } from '../../i18n/i18n';
import type { Failure } from '../../client/errors';
import { useDialogFailure } from '../../ui/dialog';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { movementRefusal } from './movement-words';

interface MovementModalProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  pending: boolean;
  failure: Failure | null;
  onClose: () => void;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  children: React.ReactNode;
  testId: string;
}

/** Every movement's dialog: its fields, its failure above the buttons, nothing sent until the fields pass. */
export function MovementModal({
  opened,
  title,
  submitLabel,
  pending,
  failure,
  onClose,
  onSubmit,
  children,
  testId,
}: MovementModalProps): React.JSX.Element {
  const { t } = useTranslation('pets');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg" data-testid={testId}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {children}
          <DialogFailureAlert failure={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** When it happened, in the staff's own time: empty means now. */
export function WhenField({ label, ...props }: TextInputProps): React.JSX.Element {
  const { t } = useTranslation('pets');
  return (
    <TextInput
      type="datetime-local"
      label={label ?? t('movement.when')}
      description={t('movement.whenHint')}
      {...props}
    />
  );
}

/** A `datetime-local` value as the engine's moment (epoch ms); undefined for empty (now). */
export function momentOf(value: string): number | undefined {
  return value ? Date.parse(value) : undefined;
}

/** What the window can tell before sending: a date it can read, and not in the future (the engine judges the order). */
export function whenProblem(value: string, required = false): string | null {
  if (!value) return required ? windowI18n.t('pets:movement.dateMissing') : null;
  const moment = Date.parse(value);
  if (Number.isNaN(moment)) return windowI18n.t('pets:movement.dateUnreadable');
  return moment > Date.now() + 60_000 ? windowI18n.t('pets:movement.dateInFuture') : null;
}

interface FailureForm {
  values: object;
  setFieldError: (path: string, error: React.ReactNode) => void;
}

/** A movement's refusal under its field (a date, a person) or above the buttons, in the window's words. */
export function useMovementFailure(form: FailureForm) {
  const fallback = useDialogFailure(form);
  const [worded, setWorded] = useState<Failure | null>(null);
  return {
    alert: worded ?? fallback.alert,
    clear: () => {
      setWorded(null);
      fallback.clear();
    },
    show: (error: unknown) => {
      const refusal = movementRefusal(error);
      if (!refusal) return fallback.show(error);
      if ('field' in refusal && refusal.field in form.values) form.setFieldError(refusal.field, refusal.message);
      else
        setWorded(
          'title' in refusal ? refusal : { title: windowI18n.t('pets:movement.notPossible'), message: refusal.message },
        );
    },
  };
}
