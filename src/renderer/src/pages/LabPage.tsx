import { Stack } from '@mantine/core';
import { LabClockCard } from '../components/LabClockCard';
import { PageTitle } from '../components/PageTitle';

/** Where testers find out whether their client honours Retry-After and backs off. */
export function LabPage(): React.JSX.Element {
  return (
    <Stack>
      <PageTitle
        title="Quota lab"
        description="Point a client at a key, or run a scenario, then read the verdicts: does it honour Retry-After, back off, avoid a ban? Move the clock past windows and bans instead of waiting."
      />
      <LabClockCard />
    </Stack>
  );
}
