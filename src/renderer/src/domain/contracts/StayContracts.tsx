import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Stay } from '../../../../shared/movements';
import { useSignedContracts, useSignedContractPdf } from '../../client/contracts';
import { useDialog } from '../../ui/dialog';
import { formatMoment } from '../../ui/format';
import { downloadPdf } from '../../ui/pdf-download';
import { SignContractDialog, type SigningSubject } from './SignContractDialog';

/**
 * An adoption's signed contracts on its stay: "Have it signed" while none is, then each signed one to
 * download, the newest with "Sign a correction" (a signed contract is never changed).
 */
export function StayContracts({ stay, petName }: { stay: Stay; petName: string }): React.JSX.Element | null {
  const { t } = useTranslation('contracts');
  const contracts = useSignedContracts(stay.petId);
  const download = useSignedContractPdf();
  const dialog = useDialog<SigningSubject>();
  if (stay.outcomeType !== 'adoption') return null;
  const ofStay = (contracts.data ?? []).filter((contract) => contract.stayId === stay.id);
  const current = ofStay.find((contract) => contract.replacedBy === null) ?? null;
  const subject = (replaces: SigningSubject['replaces']): SigningSubject => ({
    stayId: stay.id,
    petName,
    adopterName: stay.outcomePerson?.name ?? '',
    replaces,
  });
  return (
    <Stack gap={4} data-testid={`signed-contracts-${stay.id}`}>
      {ofStay.map((contract) => (
        <Group key={contract.id} gap="xs" wrap="wrap">
          <Badge variant="light" color={contract.replacedBy === null ? 'teal' : 'gray'}>
            {contract.replacedBy === null ? t('signedBadge') : t('replacedBadge', { id: contract.replacedBy })}
          </Badge>
          <Text size="sm">
            {t('signedLine', {
              id: contract.id,
              name: contract.signerName,
              when: formatMoment(Date.parse(contract.signedAt)),
            })}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            loading={download.isPending && download.variables?.contractId === contract.id}
            onClick={() =>
              download.mutate(
                { contractId: contract.id },
                { onSuccess: ({ contract: one, pdfBase64 }) => downloadPdf(pdfBase64, one.fileName) },
              )
            }
          >
            {t('download')}
          </Button>
        </Group>
      ))}
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSignature size={14} />}
          onClick={() => dialog.open(subject(current))}
          aria-label={t(current ? 'correctFor' : 'signFor', { animal: petName })}
        >
          {t(current ? 'correct' : 'haveSigned')}
        </Button>
      </Group>
      <SignContractDialog opened={dialog.opened} subject={dialog.subject} onClose={dialog.close} />
    </Stack>
  );
}
