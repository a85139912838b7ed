import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Mantine's confirm dialogs, their two buttons in the window's language. */
export function ModalLabels({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <ModalsProvider labels={{ confirm: t('confirm'), cancel: t('cancel') }}>{children}</ModalsProvider>;
}
