import { Alert, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoRefusal } from '../../client/errors';
import { useAddPhoto } from './queries';
import { TOUCH } from './touch';

/**
 * A photo from the phone's camera (or its gallery), sent with a progress bar; the engine turns it
 * upright, resizes it and strips its metadata. A failed upload keeps the file picked, to try again:
 * the engine saved nothing of it.
 */
export function PhotoCapture({ petId }: { petId: number }): React.JSX.Element {
  const { t } = useTranslation('phone');
  const add = useAddPhoto(petId);
  const [failed, setFailed] = useState<File | null>(null);
  const send = (file: File | null) => {
    if (!file) return;
    setFailed(null);
    add.mutate(file, { onError: () => setFailed(file), onSuccess: () => setFailed(null) });
  };
  return (
    <Stack gap="xs" mt="sm">
      <FileButton onChange={send} accept="image/*" capture="environment" disabled={add.isPending}>
        {(props) => (
          <Button {...props} {...TOUCH} loading={add.isPending} data-testid="phone-add-photo">
            {t('photo.add')}
          </Button>
        )}
      </FileButton>
      {add.sent !== null && (
        <Stack gap={4}>
          <Text size="sm">{t('photo.uploading', { percent: Math.round(add.sent * 100) })}</Text>
          <Progress value={add.sent * 100} aria-label={t('photo.progress')} size="lg" animated />
        </Stack>
      )}
      {add.isSuccess && !failed && (
        <Text size="sm" role="status">
          {t('photo.added')}
        </Text>
      )}
      {failed && (
        <Alert color="red" role="alert" title={t('photo.failed', { reason: photoRefusal(add.error) })}>
          <Group grow gap="xs" mt="xs">
            <Button {...TOUCH} onClick={() => send(failed)}>
              {t('photo.retry')}
            </Button>
            <Button {...TOUCH} variant="default" onClick={() => setFailed(null)}>
              {t('photo.discard')}
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
