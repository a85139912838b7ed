import {
  ActionIcon,
  Badge,
  Box,
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconArrowRight, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFigure } from '../../ui/format';
import type { PetRecord } from '../../../../shared/models';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_PET, type PetPhoto } from '../../../../shared/photos';
import { photoRefusal } from '../../client/errors';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { call } from '../../client/transport';
import { useCan } from '../../client/staff';
import { LoadFailure, SkeletonBlocks } from '../../ui/LoadStates';
import { base64Of, photoAddress, useMovePhoto, usePetPhotos, useRemovePhoto, useSetPhotoAlt } from './photo-queries';

const ACCEPTED = 'image/jpeg,image/png,image/webp';

/** A file being added, or refused with its reason (shown beside its name until dismissed). */
interface FileState {
  key: string;
  name: string;
  refusal: string | null;
}

/** A pet's photos in its record view: add by picker or by dropping files here, reorder, alt text, remove. */
export function PetPhotos({ pet }: { pet: PetRecord }): React.JSX.Element {
  const environment = useEnvironment();
  const { t } = useTranslation('pets');
  const queryClient = useQueryClient();
  const photos = usePetPhotos(pet.id);
  const [files, setFiles] = useState<FileState[]>([]);
  const [dragging, setDragging] = useState(false);
  const move = useMovePhoto();
  const remove = useRemovePhoto();
  // A role that may not change the photos (a volunteer) sees them only.
  const editable = useCan('photos.add');
  const list = photos.data ?? [];
  const full = list.length >= MAX_PHOTOS_PER_PET;

  const update = (key: string, refusal: string | null) =>
    setFiles((states) => states.map((state) => (state.key === key ? { ...state, refusal } : state)));

  /** One call per file, in order, so each refusal stays with its own file. */
  const addFiles = async (picked: readonly File[]) => {
    const batch = picked.map((file, index) => ({ file, key: `${Date.now()}-${index}-${file.name}` }));
    setFiles((states) => [
      ...states.filter((state) => state.refusal !== null),
      ...batch.map(({ file, key }) => ({ key, name: file.name, refusal: null })),
    ]);
    for (const { file, key } of batch) {
      if (file.size > MAX_PHOTO_BYTES) {
        update(
          key,
          t('photos.tooLarge', {
            size: formatFigure(Math.round((file.size / 1024 / 1024) * 10) / 10),
            max: formatFigure(MAX_PHOTO_BYTES / 1024 / 1024),
          }),
        );
        continue;
      }
      try {
        await call('photos.add', {
          environment,
          petId: pet.id,
          photo: { name: file.name, data: await base64Of(file) },
        });
        setFiles((states) => states.filter((state) => state.key !== key));
      } catch (error) {
        update(key, photoRefusal(error));
      }
      await queryClient.invalidateQueries({ queryKey: [environment, 'pets'] });
    }
  };

  const confirmRemoval = (photo: PetPhoto) =>
    modals.openConfirmModal({
      title: t('photos.removeTitle', { position: photo.position, name: pet.name }),
      children: <Text size="sm">{photo.position === 1 ? t('photos.removeCover') : t('photos.removeOther')}</Text>,
      labels: { confirm: t('photos.remove'), cancel: t('list.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ petId: pet.id, photo }),
    });

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-testid="pet-photos"
      aria-label={t('photos.of', { name: pet.name })}
      style={{
        borderStyle: dragging ? 'dashed' : undefined,
        borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
      }}
      onDragOver={(event) => {
        if (!editable || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        void addFiles(Array.from(event.dataTransfer.files));
      }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{t('record.photos')}</Text>
          <Text size="xs" c="dimmed">
            {t(editable ? 'photos.countHint' : 'photos.count', {
              count: list.length,
              max: MAX_PHOTOS_PER_PET,
              size: formatFigure(MAX_PHOTO_BYTES / 1024 / 1024),
            })}
          </Text>
        </div>
        {editable && (
          <FileButton onChange={(picked) => void addFiles(picked)} accept={ACCEPTED} multiple>
            {(props) => (
              // Its whole label always: the hint beside it wraps instead.
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconPhotoPlus size={14} />}
                disabled={full}
                data-testid="add-photos"
                style={{ flexShrink: 0 }}
              >
                {t('photos.add')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>

      {photos.isPending && <SkeletonBlocks count={1} height={90} />}
      {photos.isError && <LoadFailure error={photos.error} onRetry={() => void photos.refetch()} />}
      {photos.isSuccess && list.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {t('photos.none')}
        </Text>
      )}
      {list.length > 0 && (
        <SimpleGrid cols={3} spacing="xs" data-testid="photo-grid">
          {list.map((photo) => (
            <Stack key={photo.id} gap={4} data-testid={`photo-${photo.position}`}>
              <Box pos="relative">
                {/* Whole, in a 4:3 box: a portrait shows as a portrait, never cut to a strip. */}
                <Image
                  src={photoAddress(environment, photo, 'thumb')}
                  alt={photo.altText}
                  radius="sm"
                  fit="contain"
                  bg="var(--mantine-color-default-hover)"
                  style={{ aspectRatio: '4 / 3' }}
                />
                {photo.position === 1 && (
                  <Badge size="xs" pos="absolute" top={4} left={4} variant="filled">
                    {t('photos.cover')}
                  </Badge>
                )}
              </Box>
              {editable && (
                <Group gap={2} justify="center" wrap="nowrap">
                  <Tooltip label={t('photos.moveLeft')}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={t('photos.moveOneLeft', { position: photo.position })}
                      disabled={photo.position === 1 || move.isPending}
                      onClick={() => move.mutate({ petId: pet.id, photo, position: photo.position - 1 })}
                    >
                      <IconArrowLeft size={14} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('photos.moveRight')}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={t('photos.moveOneRight', { position: photo.position })}
                      disabled={photo.position === list.length || move.isPending}
                      onClick={() => move.mutate({ petId: pet.id, photo, position: photo.position + 1 })}
                    >
                      <IconArrowRight size={14} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('categories.remove')}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      color="red"
                      aria-label={t('photos.removeOne', { position: photo.position })}
                      onClick={() => confirmRemoval(photo)}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
              {editable && <AltTextInput petId={pet.id} photo={photo} />}
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {full && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('photos.full', { name: pet.name, max: MAX_PHOTOS_PER_PET })}
        </Text>
      )}
      {files.length > 0 && (
        <Stack gap={2} mt="xs" data-testid="photo-files" aria-live="polite">
          {files.map((state) => (
            <Group key={state.key} gap={6} wrap="nowrap" justify="space-between">
              <Text size="xs" c={state.refusal ? 'red' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                {t('photos.file', { file: state.name, state: state.refusal ?? t('photos.adding') })}
              </Text>
              {state.refusal && (
                <CloseButton
                  size="xs"
                  aria-label={t('photos.dismiss', { file: state.name })}
                  onClick={() => setFiles((states) => states.filter((one) => one.key !== state.key))}
                />
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** Saved on Enter or when leaving the field; empty goes back to the pet's own words. */
function AltTextInput({ petId, photo }: { petId: number; photo: PetPhoto }): React.JSX.Element {
  const [value, setValue] = useState(photo.alt);
  const setAlt = useSetPhotoAlt();
  const { t } = useTranslation('pets');
  const save = () => {
    if (value.trim() !== photo.alt) setAlt.mutate({ petId, photo, alt: value });
  };
  return (
    <TextInput
      size="xs"
      aria-label={t('photos.altOf', { position: photo.position })}
      placeholder={photo.altText}
      value={value}
      maxLength={300}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
      }}
    />
  );
}
