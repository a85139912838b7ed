import { Alert, Paper, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { LoadFailure, SkeletonRows } from '../../ui/LoadStates';
import { PageTitle } from '../../ui/PageTitle';
import { PlanRow } from './PlanRow';
import { usePlans } from '../../client/plans';

export function PlansPage(): React.JSX.Element {
  const plans = usePlans();
  return (
    <Stack>
      <PageTitle
        title="Plans"
        description="Each plan caps an account's requests per UTC minute and per UTC day. A key that keeps calling after a 429 is banned for a while."
      />
      <Alert variant="light" icon={<IconInfoCircle />} maw={860}>
        <Text size="sm">
          <b>Ban threshold</b>: how many further requests a key may make after a 429, within that window, before it is
          banned. <b>Ban minutes</b>: how long the ban lasts. Changes apply from each account&apos;s next request.
        </Text>
      </Alert>
      {plans.isError ? (
        <LoadFailure error={plans.error} onRetry={() => void plans.refetch()} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={680}>
            <Table verticalSpacing="sm" data-testid="plans-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Plan</Table.Th>
                  <Table.Th>Per minute</Table.Th>
                  <Table.Th>Per day</Table.Th>
                  <Table.Th>Ban threshold</Table.Th>
                  <Table.Th>Ban minutes</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {plans.isPending && <SkeletonRows rows={4} columns={6} />}
                {plans.data?.map((plan) => (
                  <PlanRow key={plan.id} plan={plan} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
