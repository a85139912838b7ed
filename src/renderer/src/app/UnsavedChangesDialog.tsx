import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLeaveRequest } from '../ui/unsaved-changes';

/** The window's one question before changes typed on a page are dropped: stay with them, or leave without saving. */
export function UnsavedChangesDialog(): React.JSX.Element {
  const { t } = useTranslation();
  const request = useLeaveRequest();
  return (
    <Modal opened={request.asking} onClose={request.stay} title={t('unsaved.title')} centered>
      <Text size="sm">{t('unsaved.body')}</Text>
      <Group justify="flex-end" mt="md">
        <Button color="red" variant="light" onClick={request.leave}>
          {t('unsaved.leave')}
        </Button>
        <Button onClick={request.stay} data-autofocus>
          {t('unsaved.stay')}
        </Button>
      </Group>
    </Modal>
  );
}
