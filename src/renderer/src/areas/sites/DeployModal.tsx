import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileZip, IconFolder } from '@tabler/icons-react';
import { windowResolver } from '../../ui/zod-words';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DeployFolderSchema } from '../../../../shared/site-inputs';
import type { Deploy, Project } from '../../../../shared/sites';
import { detailWords } from '../../client/error-words';
import { refusalMessage } from '../../client/errors';
import { formatBytes } from '../../ui/format';
import { SHOWN_IN_PLACE } from '../../client/errors';
import { useCan } from '../../client/staff';
import { useDialogFailure } from '../../ui/dialog';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { useDeploy } from './queries';
import {
  pickedFolder,
  pickedZip,
  UnreadablePick,
  uploadPayload,
  uploadProblem,
  type PickedUpload,
} from './site-upload-reader';
import { deployReasonWords } from './deploy-words';

type Source = 'path' | 'folder' | 'zip';

export function DeployModal({
  opened,
  project,
  onClose,
}: {
  opened: boolean;
  project: Project;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('sites');
  return (
    <Modal opened={opened} onClose={onClose} title={t('deployModal.title', { name: project.name })} centered size="lg">
      <DeployForm project={project} onDone={onClose} />
    </Modal>
  );
}

const validatePath = windowResolver(z.object({ folder: DeployFolderSchema }));

function DeployForm({ project, onDone }: { project: Project; onDone: () => void }): React.JSX.Element {
  const { t } = useTranslation('sites');
  const deploy = useDeploy({ shownInPlace: SHOWN_IN_PLACE.always });
  const failure = useDialogFailure();
  const [source, setSource] = useState<Source>('folder');
  const [picked, setPicked] = useState<PickedUpload | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [failed, setFailed] = useState<Deploy | null>(null);
  const [reading, setReading] = useState(false);
  const form = useForm({
    initialValues: { folder: '' },
    validate: (values) => (source === 'path' ? validatePath(values) : {}),
  });
  const folderInput = useRef<HTMLInputElement>(null);
  const zipInput = useRef<HTMLInputElement>(null);
  // A folder of the serving computer's disk is the desk's to choose; a member uploads one of theirs.
  const fromServerDisk = useCan('deploys.fromFolder');

  const choose = (next: PickedUpload | null) => {
    setPicked(next);
    const problem = next && uploadProblem(next);
    setPickError(problem ? detailWords(problem) : null);
    setFailed(null);
  };

  const finished = (result: Deploy) => (result.outcome === 'succeeded' ? onDone() : setFailed(result));
  const refused = (error: unknown) => {
    const message = refusalMessage(error);
    if (message === null) return failure.show(error);
    if (source === 'path') form.setFieldError('folder', message);
    else setPickError(message);
  };

  const submit = form.onSubmit(async ({ folder }) => {
    setFailed(null);
    failure.clear();
    if (source === 'path') {
      deploy.mutate(
        { projectId: project.id, kind: 'folder', folder: folder.trim() },
        { onSuccess: finished, onError: refused },
      );
      return;
    }
    if (!picked || picked.kind !== source)
      return setPickError(source === 'zip' ? t('deployModal.needZip') : t('deployModal.needFolder'));
    const problem = uploadProblem(picked);
    if (problem) return setPickError(detailWords(problem));
    let upload;
    setReading(true);
    try {
      upload = await uploadPayload(picked);
    } catch (error) {
      if (!(error instanceof UnreadablePick)) throw error;
      return setPickError(t('deployModal.fileUnreadable', { file: error.file }));
    } finally {
      setReading(false);
    }
    deploy.mutate({ projectId: project.id, kind: 'upload', upload }, { onSuccess: finished, onError: refused });
  });

  const pickedNow = picked && picked.kind === source ? picked : null;

  return (
    <form onSubmit={submit}>
      <Stack>
        <SegmentedControl
          value={source}
          onChange={(value) => {
            setSource(value as Source);
            setPickError(null);
            setFailed(null);
          }}
          data={[
            { value: 'folder', label: t('deployModal.uploadFolder') },
            { value: 'zip', label: t('deployModal.uploadZip') },
            ...(fromServerDisk ? [{ value: 'path', label: t('deployModal.serverFolder') }] : []),
          ]}
          aria-label={t('deployModal.what')}
        />
        {source === 'path' ? (
          <TextInput
            label={t('deployModal.folder')}
            description={t('deployModal.folderHint')}
            placeholder={t('deployModal.folderPlaceholder')}
            withAsterisk
            data-autofocus
            {...form.getInputProps('folder')}
          />
        ) : (
          <Stack gap={6}>
            <input
              ref={folderInput}
              type="file"
              hidden
              multiple
              aria-label={t('deployModal.folderInput')}
              {...{ webkitdirectory: '' }}
              onChange={(event) => choose(event.currentTarget.files ? pickedFolder(event.currentTarget.files) : null)}
            />
            <input
              ref={zipInput}
              type="file"
              hidden
              accept=".zip,application/zip"
              aria-label={t('deployModal.zipInput')}
              onChange={(event) => choose(event.currentTarget.files ? pickedZip(event.currentTarget.files) : null)}
            />
            <Group>
              <Button
                variant="default"
                leftSection={source === 'zip' ? <IconFileZip size={16} /> : <IconFolder size={16} />}
                onClick={() => (source === 'zip' ? zipInput : folderInput).current?.click()}
              >
                {source === 'zip' ? t('deployModal.chooseZip') : t('deployModal.chooseFolder')}
              </Button>
              <Text size="sm" c={pickedNow ? undefined : 'dimmed'} data-testid="upload-chosen">
                {!pickedNow
                  ? t('deployModal.nothing')
                  : source === 'folder'
                    ? t('deployModal.chosenFiles', {
                        name: pickedNow.name,
                        count: pickedNow.files.length,
                        size: formatBytes(pickedNow.byteSize),
                      })
                    : t('deployModal.chosenZip', { name: pickedNow.name, size: formatBytes(pickedNow.byteSize) })}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {source === 'zip' ? t('deployModal.zipHint') : t('deployModal.folderTop')} {t('deployModal.atMost')}
            </Text>
            {pickError && (
              <Text size="sm" c="red" role="alert" data-testid="upload-error">
                {pickError}
              </Text>
            )}
          </Stack>
        )}
        {failed && (
          <Alert
            color="red"
            variant="light"
            title={t('deployModal.failed', { number: failed.number })}
            data-testid="deploy-failed"
          >
            {deployReasonWords(failed)}{' '}
            {project.liveDeploy === null
              ? t('deployModal.nothingLive')
              : t('deployModal.stillLive', { number: project.liveDeploy })}
          </Alert>
        )}
        <DialogFailureAlert failure={failure.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('deployModal.cancel')}
          </Button>
          <Button type="submit" loading={reading || deploy.isPending}>
            {t('deployModal.deploy')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
