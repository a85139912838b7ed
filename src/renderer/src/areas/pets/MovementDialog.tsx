import { Button, Group, Modal, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
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
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg" data-testid={testId}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {children}
          <DialogFailureAlert failure={failure} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
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
export function WhenField({ label = 'When', ...props }: TextInputProps): React.JSX.Element {
  return <TextInput type="datetime-local" label={label} description="Leave empty for now" {...props} />;
}

/** A `datetime-local` value as the engine's moment (epoch ms); undefined for empty (now). */
export function momentOf(value: string): number | undefined {
  return value ? Date.parse(value) : undefined;
}

/** What the window can tell before sending: a date it can read, and not in the future (the engine judges the order). */
export function whenProblem(value: string, required = false): string | null {
  if (!value) return required ? 'Give the date' : null;
  const moment = Date.parse(value);
  if (Number.isNaN(moment)) return 'Give a date and a time';
  return moment > Date.now() + 60_000 ? 'In the future: record a movement once it has happened' : null;
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
      else setWorded('title' in refusal ? refusal : { title: 'Not possible', message: refusal.message });
    },
  };
}
