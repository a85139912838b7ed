import { Button, Card, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGO_MAX_BYTES, type ShelterLogoInfo } from '../../../../shared/shelter';
import { refusalMessage } from '../../client/errors';
import { formatFigure, formatMoment } from '../../ui/format';
import { useRemoveLogo, useSetLogo, useShelterLogo } from './queries';

const KIND: Record<ShelterLogoInfo['mediaType'], string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
};

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/** The logo: a PNG, JPEG or WebP of at most 1 MiB, kept in the environment's database. */
export function ShelterLogoCard({ logo }: { logo: ShelterLogoInfo | null }): React.JSX.Element {
  const { t } = useTranslation('shelter');
  const setLogo = useSetLogo();
  const removeLogo = useRemoveLogo();
  const stored = useShelterLogo(logo?.updatedAt ?? null);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    if (file.size > LOGO_MAX_BYTES) {
      setProblem(
        t('logo.tooBig', {
          name: file.name,
          size: formatFigure(Math.ceil(file.size / 1024)),
          max: formatFigure(LOGO_MAX_BYTES / 1024 / 1024),
        }),
      );
      return;
    }
    setLogo.mutate(await base64Of(file), {
      onError: (error) => setProblem(refusalMessage(error) ?? t('logo.notSaved')),
    });
  };

  return (
    <Card withBorder radius="md" padding="md" maw={720} data-testid="shelter-logo">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('logo.title')}
        </Title>
        <Group align="center" wrap="nowrap">
          {logo && stored.data && (
            // Shown whole (contain), whatever its shape, so staff see what the site and cards will print.
            <Paper withBorder radius="sm" p={4} w={136} h={88} style={{ flexShrink: 0 }}>
              <Image
                src={`data:${stored.data.mediaType};base64,${stored.data.data}`}
                alt={t('logo.alt')}
                fit="contain"
                w="100%"
                h="100%"
                data-testid="shelter-logo-preview"
              />
            </Paper>
          )}
          <Text size="sm" c={logo ? undefined : 'dimmed'}>
            {logo
              ? t('logo.stored', {
                  kind: KIND[logo.mediaType],
                  size: formatFigure(Math.ceil(logo.byteSize / 1024)),
                  when: formatMoment(logo.updatedAt),
                })
              : t('logo.none')}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('logo.rule')}
        </Text>
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        <Group>
          <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/webp">
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} />} loading={setLogo.isPending}>
                {logo ? t('logo.replace') : t('logo.upload')}
              </Button>
            )}
          </FileButton>
          {logo && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => removeLogo.mutate(null)}
              loading={removeLogo.isPending}
            >
              {t('logo.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
