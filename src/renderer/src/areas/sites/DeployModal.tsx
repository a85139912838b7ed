import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileZip, IconFolder } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { DeployFolderSchema } from '../../../../shared/site-inputs';
import type { Deploy, Project } from '../../../../shared/sites';
import { refusalMessage } from '../../client/errors';
import { formatBytes } from '../../ui/format';
import { SHOWN_IN_PLACE } from '../../client/errors';
import { useCan } from '../../client/staff';
import { useDialogFailure } from '../../ui/dialog';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { useDeploy } from './queries';
import { pickedFolder, pickedZip, uploadPayload, uploadProblem, type PickedUpload } from './site-upload-reader';

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
  return (
    <Modal opened={opened} onClose={onClose} title={`Deploy ${project.name}`} centered size="lg">
      <DeployForm project={project} onDone={onClose} />
    </Modal>
  );
}

const validatePath = zod4Resolver(z.object({ folder: DeployFolderSchema }));

function DeployForm({ project, onDone }: { project: Project; onDone: () => void }): React.JSX.Element {
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
    setPickError(next ? uploadProblem(next) : null);
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
      return setPickError(source === 'zip' ? 'Choose a .zip file to upload.' : 'Choose a folder to upload.');
    const problem = uploadProblem(picked);
    if (problem) return setPickError(problem);
    let upload;
    setReading(true);
    try {
      upload = await uploadPayload(picked);
    } catch (error) {
      return setPickError((error as Error).message);
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
            { value: 'folder', label: 'Upload a folder' },
            { value: 'zip', label: 'Upload a .zip' },
            ...(fromServerDisk ? [{ value: 'path', label: 'Folder on this computer' }] : []),
          ]}
          aria-label="What to deploy"
        />
        {source === 'path' ? (
          <TextInput
            label="Folder"
            description="A folder on the computer running Adoption Desk, with index.html at its top."
            placeholder="/home/shelter/site"
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
              aria-label="Folder to upload"
              {...{ webkitdirectory: '' }}
              onChange={(event) => choose(event.currentTarget.files ? pickedFolder(event.currentTarget.files) : null)}
            />
            <input
              ref={zipInput}
              type="file"
              hidden
              accept=".zip,application/zip"
              aria-label="Zip file to upload"
              onChange={(event) => choose(event.currentTarget.files ? pickedZip(event.currentTarget.files) : null)}
            />
            <Group>
              <Button
                variant="default"
                leftSection={source === 'zip' ? <IconFileZip size={16} /> : <IconFolder size={16} />}
                onClick={() => (source === 'zip' ? zipInput : folderInput).current?.click()}
              >
                {source === 'zip' ? 'Choose a .zip…' : 'Choose a folder…'}
              </Button>
              <Text size="sm" c={pickedNow ? undefined : 'dimmed'} data-testid="upload-chosen">
                {pickedNow
                  ? `${pickedNow.name}: ${source === 'folder' ? `${pickedNow.files.length} file${pickedNow.files.length === 1 ? '' : 's'}, ` : ''}${formatBytes(pickedNow.byteSize)}`
                  : 'Nothing chosen'}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {source === 'zip'
                ? 'index.html at the top of the zip, or inside the one folder it holds.'
                : 'The folder itself is deployed: index.html at its top.'}{' '}
              At most 100 MiB.
            </Text>
            {pickError && (
              <Text size="sm" c="red" role="alert" data-testid="upload-error">
                {pickError}
              </Text>
            )}
          </Stack>
        )}
        {failed && (
          <Alert color="red" variant="light" title={`Deploy ${failed.number} failed`} data-testid="deploy-failed">
            {failed.reason}{' '}
            {project.liveDeploy === null ? 'Nothing is published yet.' : `Deploy ${project.liveDeploy} stays live.`}
          </Alert>
        )}
        <DialogFailureAlert failure={failure.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={reading || deploy.isPending}>
            Deploy
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
