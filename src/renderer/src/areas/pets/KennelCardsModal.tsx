import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDeviceMobileOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { KennelCardWarning } from '../../../../shared/portals';
import { kennelCardRefusal, type Failure } from '../../client/errors';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { downloadPdf } from '../../ui/pdf-download';
import { useKennelCards, type KennelCardChoice } from './portal-queries';

/** Why phones may not open the cards' QR codes, in the window's words: stays in the dialog after the download. */
function CardWarning({ warning }: { warning: KennelCardWarning }): React.JSX.Element {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconDeviceMobileOff />}
      title="Phones cannot open these QR codes"
      data-testid="kennel-card-warning"
    >
      The PDF is saved, but its QR codes open {warning.details.address}, an address only this computer reaches. Give the
      project “{warning.details.project}” a custom domain on the Sites page, publish the adoption site again, then print
      the cards anew.
    </Alert>
  );
}

/** Kennel cards for the chosen pets: paper and cards a page, then a PDF to print. */
export function KennelCardsModal({
  ids,
  opened,
  onClose,
}: {
  ids: number[];
  opened: boolean;
  onClose: () => void;
}): React.JSX.Element {
  const [paper, setPaper] = useState<KennelCardChoice['paper']>('a4');
  const [perPage, setPerPage] = useState<KennelCardChoice['perPage']>(1);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [warnings, setWarnings] = useState<KennelCardWarning[]>([]);
  const cards = useKennelCards();
  const close = () => {
    setFailure(null);
    setWarnings([]);
    onClose();
  };
  const make = () => {
    setFailure(null);
    setWarnings([]);
    cards.mutate(
      { ids, paper, perPage },
      {
        onSuccess: (made) => {
          downloadPdf(made.pdf, 'kennel-cards.pdf');
          if (made.warnings.length > 0) setWarnings(made.warnings);
          else close();
        },
        onError: (error) => setFailure(kennelCardRefusal(error)),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title="Print kennel cards" centered>
      <Stack>
        <Text size="sm">
          {ids.length} {ids.length === 1 ? 'pet' : 'pets'} chosen. Each card shows the cover photo, the profile, the fee
          and a QR code that opens the pet’s page on the adoption site.
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="card-paper">
            Paper
          </Text>
          <SegmentedControl
            aria-labelledby="card-paper"
            value={paper}
            onChange={(value) => setPaper(value as KennelCardChoice['paper'])}
            data={[
              { value: 'a4', label: 'A4' },
              { value: 'letter', label: 'US Letter' },
            ]}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="card-per-page">
            Cards a page
          </Text>
          <SegmentedControl
            aria-labelledby="card-per-page"
            value={String(perPage)}
            onChange={(value) => setPerPage(value === '2' ? 2 : 1)}
            data={[
              { value: '1', label: 'One (large)' },
              { value: '2', label: 'Two' },
            ]}
          />
        </Stack>
        <DialogFailureAlert failure={failure} />
        {warnings.map((warning) => (
          <CardWarning key={warning.code} warning={warning} />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {warnings.length > 0 ? 'Done' : 'Cancel'}
          </Button>
          <Button onClick={make} loading={cards.isPending}>
            Make the PDF
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
