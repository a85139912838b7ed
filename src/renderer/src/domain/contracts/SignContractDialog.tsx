import { Button, Code, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractKind, SignedContract } from '../../../../shared/contracts';
import { useSignContract, useSignedContractPdf } from '../../client/contracts';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { useDialogFailure } from '../../ui/dialog';
import { downloadPdf } from '../../ui/pdf-download';
import { SignaturePadField, type SignatureHandle } from './SignaturePadField';

export interface SigningSubject {
  stayId: number;
  petName: string;
  /** The signer's name as the register holds it (adopter, who brought it back, foster): printed under the hand unless changed here. */
  adopterName: string;
  /** The signed contract this signature corrects. */
  replaces: SignedContract | null;
  kind: ContractKind;
  /** The foster placement a foster agreement is for; null for the other kinds. */
  placementId: number | null;
}

/**
 * The adopter signs the adoption contract (or who brought the animal back its return agreement, a
 * foster the placement's agreement) on this screen (the desk's touch screen, a tablet or a phone
 * logged into the shelter server): the whole screen on a phone. Nothing is kept until the engine has
 * made and stored the signed PDF; a failure stays here with the drawing, to try again.
 */
export function SignContractDialog({
  opened,
  subject,
  onClose,
}: {
  opened: boolean;
  subject: SigningSubject | null;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('contracts');
  const phone = useMediaQuery('(max-width: 600px)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={phone}
      size="lg"
      title={
        subject
          ? t(subject.replaces ? 'titleCorrection' : 'title', { animal: subject.petName, context: subject.kind })
          : ''
      }
    >
      {subject && (
        <SigningForm
          key={`${subject.stayId}-${subject.kind}-${subject.placementId ?? 0}-${subject.replaces?.id ?? 0}`}
          subject={subject}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function SigningForm({ subject, onDone }: { subject: SigningSubject; onDone: () => void }): React.JSX.Element {
  const { t } = useTranslation('contracts');
  const sign = useSignContract();
  const download = useSignedContractPdf();
  const pad = useRef<SignatureHandle>(null);
  const [empty, setEmpty] = useState(true);
  const [padError, setPadError] = useState<string | null>(null);
  const [signed, setSigned] = useState<SignedContract | null>(null);
  const form = useForm({
    initialValues: { signerName: subject.adopterName },
    validate: { signerName: (value) => (value.trim() ? null : t('nameRequired')) },
  });
  const failure = useDialogFailure(form);
  const onPadChange = useCallback((isEmpty: boolean) => {
    setEmpty(isEmpty);
    if (!isEmpty) setPadError(null);
  }, []);

  if (signed)
    return (
      <Stack>
        <Text>{t('done', { name: signed.signerName, animal: subject.petName, context: subject.kind })}</Text>
        <Text size="sm" c="dimmed">
          {t('hash')}
        </Text>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {signed.textSha256}
        </Code>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('close')}
          </Button>
          <Button
            loading={download.isPending}
            onClick={() =>
              download.mutate(
                { contractId: signed.id },
                { onSuccess: ({ contract, pdfBase64 }) => downloadPdf(pdfBase64, contract.fileName) },
              )
            }
          >
            {t('download')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form
      // Read in the submit event, not through form.onSubmit: the pad's drawing is read when it is sent.
      onSubmit={(event) => {
        event.preventDefault();
        failure.clear();
        const invalid = form.validate().hasErrors;
        const drawn = pad.current && !pad.current.isEmpty() ? pad.current.png() : null;
        if (drawn === null) setPadError(t('signFirst'));
        if (invalid || drawn === null) return;
        sign.mutate(
          {
            stayId: subject.stayId,
            kind: subject.kind,
            ...(subject.placementId !== null ? { placementId: subject.placementId } : {}),
            signerName: form.getValues().signerName.trim(),
            signaturePng: drawn,
            ...(subject.replaces ? { replaces: subject.replaces.id } : {}),
          },
          { onSuccess: setSigned, onError: failure.show },
        );
      }}
    >
      <Stack>
        <Text size="sm">
          {subject.replaces
            ? t('explainCorrection', { id: subject.replaces.id })
            : t('explain', { context: subject.kind })}
        </Text>
        <TextInput label={t('signerName')} autoComplete="off" {...form.getInputProps('signerName')} />
        <SignaturePadField ref={pad} onChange={onPadChange} error={padError} />
        <DialogFailureAlert failure={failure.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={sign.isPending} data-empty={empty}>
            {t('sign', { context: subject.kind })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
