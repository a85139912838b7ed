import { Stack } from '@mantine/core';
import { useState } from 'react';
import { ComplianceCard } from './ComplianceCard';
import { HeaderProfileCard } from './HeaderProfileCard';
import { LabClockCard } from './LabClockCard';
import { PageTitle } from '../../ui/PageTitle';
import { ScenarioCard } from './ScenarioCard';

/** Where testers find out whether their client honours Retry-After and backs off. */
export function LabPage(): React.JSX.Element {
  const [keyId, setKeyId] = useState<number | null>(null);
  return (
    <Stack>
      <PageTitle
        title="Quota lab"
        description="Point a client at a key (curl, your own code, or a scenario below), then read the verdicts: does it honour Retry-After, back off, avoid a ban? Move the clock past windows and bans instead of waiting."
      />
      <LabClockCard />
      <HeaderProfileCard />
      <ScenarioCard onStarted={(run) => setKeyId(run.keyId)} />
      <ComplianceCard keyId={keyId} onKeyChange={setKeyId} />
    </Stack>
  );
}
