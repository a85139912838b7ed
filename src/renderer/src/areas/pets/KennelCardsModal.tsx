import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDeviceMobileOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFigure } from '../../ui/format';
import type { KennelCardWarning } from '../../../../shared/portals';
import { kennelCardRefusal, type Failure } from '../../client/errors';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { downloadPdf } from '../../ui/pdf-download';
import { useKennelCards, type KennelCardChoice } from './portal-queries';

/** Why phones may not open the cards' QR codes, in the window's words: stays in the dialog after the download. */
function CardWarning({ warning }: { warning: KennelCardWarning }): React.JSX.Element {
  const { t } = useTranslation('pets');
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconDeviceMobileOff />}
      title={t('cards.phonesTitle')}
      data-testid="kennel-card-warning"
    >
      {t('cards.phonesText', { address: warning.details.address, project: warning.details.project })}
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
  const { t } = useTranslation('pets');
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
    <Modal opened={opened} onClose={close} title={t('list.printCards')} centered>
      <Stack>
        <Text size="sm">{t('cards.chosen', { count: ids.length, figure: formatFigure(ids.length) })}</Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="card-paper">
            {t('cards.paper')}
          </Text>
          <SegmentedControl
            aria-labelledby="card-paper"
            value={paper}
            onChange={(value) => setPaper(value as KennelCardChoice['paper'])}
            data={[
              { value: 'a4', label: 'A4' },
              { value: 'letter', label: t('cards.letter') },
            ]}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="card-per-page">
            {t('cards.perPage')}
          </Text>
          <SegmentedControl
            aria-labelledby="card-per-page"
            value={String(perPage)}
            onChange={(value) => setPerPage(value === '2' ? 2 : 1)}
            data={[
              { value: '1', label: t('cards.one') },
              { value: '2', label: t('cards.two') },
            ]}
          />
        </Stack>
        <DialogFailureAlert failure={failure} />
        {warnings.map((warning) => (
          <CardWarning key={warning.code} warning={warning} />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {warnings.length > 0 ? t('cards.done') : t('form.cancel')}
          </Button>
          <Button onClick={make} loading={cards.isPending}>
            {t('cards.make')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
