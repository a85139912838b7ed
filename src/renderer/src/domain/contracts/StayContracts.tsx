import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ContractKind, SignedContract } from '../../../../shared/contracts';
import type { FosterPlacement, Stay } from '../../../../shared/movements';
import { useSignedContracts, useSignedContractPdf } from '../../client/contracts';
import { useDialog } from '../../ui/dialog';
import { formatMoment } from '../../ui/format';
import { downloadPdf } from '../../ui/pdf-download';
import { SignContractDialog, type SigningSubject } from './SignContractDialog';

/** The contract a kind names on a stay: a foster agreement is its placement's, the others the stay's. */
function currentOf(contracts: SignedContract[], kind: ContractKind, placementId: number | null): SignedContract | null {
  return (
    contracts.find(
      (contract) => contract.kind === kind && contract.placementId === placementId && contract.replacedBy === null,
    ) ?? null
  );
}

/**
 * A stay's signed contracts of every kind (adoption, return, foster), each with its kind and to
 * download; with "Have it signed" for the adoption while none is, then "Sign a correction" (a signed
 * contract is never changed). The return and foster agreements are signed from their own moments
 * (`SignAgreementButton`).
 */
export function StayContracts({ stay, petName }: { stay: Stay; petName: string }): React.JSX.Element | null {
  const { t } = useTranslation('contracts');
  const contracts = useSignedContracts(stay.petId);
  const download = useSignedContractPdf();
  const ofStay = (contracts.data ?? []).filter((contract) => contract.stayId === stay.id);
  const adoption = stay.outcomeType === 'adoption';
  if (!adoption && ofStay.length === 0) return null;
  return (
    <Stack gap={4} data-testid={`signed-contracts-${stay.id}`}>
      {ofStay.map((contract) => (
        <Group
          key={contract.id}
          gap="xs"
          wrap="wrap"
          data-testid="signed-contract"
          data-kind={contract.kind}
          data-placement={contract.placementId ?? undefined}
        >
          <Badge variant="outline" color="blue">
            {t(`kind.${contract.kind}`)}
          </Badge>
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
      {adoption && (
        <Group gap="xs">
          <SignAgreementButton stay={stay} petName={petName} kind="adoption" />
        </Group>
      )}
    </Stack>
  );
}

/**
 * Opens the signing dialog for one contract of a stay: the adoption (signed by the adopter), the
 * return agreement (by who brought the animal back) or a foster placement's agreement (by the
 * foster); "Sign a correction" once it is signed.
 */
export function SignAgreementButton({
  stay,
  petName,
  kind,
  placement = null,
}: {
  stay: Stay;
  petName: string;
  kind: ContractKind;
  /** The placement a foster agreement is for. */
  placement?: FosterPlacement | null;
}): React.JSX.Element {
  const { t } = useTranslation('contracts');
  const contracts = useSignedContracts(stay.petId);
  const dialog = useDialog<SigningSubject>();
  const placementId = kind === 'foster' ? (placement?.id ?? null) : null;
  const ofStay = (contracts.data ?? []).filter((contract) => contract.stayId === stay.id);
  const current = currentOf(ofStay, kind, placementId);
  const signer = kind === 'foster' ? placement?.person : kind === 'return' ? stay.intakePerson : stay.outcomePerson;
  const subject: SigningSubject = {
    stayId: stay.id,
    petName,
    adopterName: signer && !signer.forgotten ? signer.name : '',
    replaces: current,
    kind,
    placementId,
  };
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconSignature size={14} />}
        onClick={() => dialog.open(subject)}
        aria-label={t(current ? 'correctFor' : 'signFor', { animal: petName, context: kind })}
      >
        {current ? t('correct') : t('haveSigned', { context: kind })}
      </Button>
      <SignContractDialog opened={dialog.opened} subject={dialog.subject} onClose={dialog.close} />
    </>
  );
}
