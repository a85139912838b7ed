import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComplianceCard } from './ComplianceCard';
import { HeaderProfileCard } from './HeaderProfileCard';
import { LabClockCard } from './LabClockCard';
import { PageTitle } from '../../ui/PageTitle';
import { ScenarioCard } from './ScenarioCard';

/** Where testers find out whether their client honours Retry-After and backs off. */
export function LabPage(): React.JSX.Element {
  const { t } = useTranslation('lab');
  const [keyId, setKeyId] = useState<number | null>(null);
  return (
    <Stack>
      <PageTitle title={t('title')} description={t('description')} />
      <LabClockCard />
      <HeaderProfileCard />
      <ScenarioCard onStarted={(run) => setKeyId(run.keyId)} />
      <ComplianceCard keyId={keyId} onKeyChange={setKeyId} />
    </Stack>
  );
}
