import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { kennelCardRefusal, type Failure } from '../../client/errors';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { useKennelCards, type KennelCardChoice } from './portal-queries';

/** Hands the PDF to the browser as a download (the desktop app's window saves it the same way). */
function download(base64: string): void {
  const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'kennel-cards.pdf';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Kennel cards for the chosen pets: paper and cards a page, then a PDF to print. */
export function KennelCardsModal({ ids, opened, onClose }: { ids: number[]; opened: boolean; onClose: () => void }): React.JSX.Element {
  const [paper, setPaper] = useState<KennelCardChoice['paper']>('a4');
  const [perPage, setPerPage] = useState<KennelCardChoice['perPage']>(1);
  const [failure, setFailure] = useState<Failure | null>(null);
  const cards = useKennelCards();
  const close = () => {
    setFailure(null);
    onClose();
  };
  const make = () => {
    setFailure(null);
    cards.mutate(
      { ids, paper, perPage },
      {
        onSuccess: (made) => {
          download(made.pdf);
          close();
        },
        onError: (error) => setFailure(kennelCardRefusal(error)),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title="Print kennel cards" centered>
      <Stack>
        <Text size="sm">
          {ids.length} {ids.length === 1 ? 'pet' : 'pets'} chosen. Each card shows the cover photo, the profile, the fee and a QR code that opens the pet’s page on the adoption site.
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="card-paper">
            Paper
          </Text>
          <SegmentedControl aria-labelledby="card-paper" value={paper} onChange={(value) => setPaper(value as KennelCardChoice['paper'])} data={[{ value: 'a4', label: 'A4' }, { value: 'letter', label: 'US Letter' }]} />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="card-per-page">
            Cards a page
          </Text>
          <SegmentedControl aria-labelledby="card-per-page" value={String(perPage)} onChange={(value) => setPerPage(value === '2' ? 2 : 1)} data={[{ value: '1', label: 'One (large)' }, { value: '2', label: 'Two' }]} />
        </Stack>
        <DialogFailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={make} loading={cards.isPending}>
            Make the PDF
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
