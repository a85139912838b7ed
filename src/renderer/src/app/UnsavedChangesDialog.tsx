import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { closeDeskWindow, onCloseHeld } from '../client/desk-window';
import { hasUnsavedChanges, leaveOrAsk, useLeaveRequest } from '../ui/unsaved-changes';

/** The window's one question before changes typed on a page are dropped: stay with them, or leave without saving. */
export function UnsavedChangesDialog(): React.JSX.Element {
  const { t } = useTranslation();
  const request = useLeaveRequest();
  useEffect(() => {
    // Closing the tab or window, reloading, quitting: held while changes are unsaved. A browser then
    // asks in its own words; the desktop shell tells this page, which asks here, and closes on Leave.
    const hold = (event: BeforeUnloadEvent) => {
      if (hasUnsavedChanges()) event.preventDefault();
    };
    window.addEventListener('beforeunload', hold);
    const stopHearing = onCloseHeld(() => leaveOrAsk(() => void closeDeskWindow()));
    return () => {
      window.removeEventListener('beforeunload', hold);
      stopHearing();
    };
  }, []);
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
