import { Alert, Paper, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { LoadFailure, SkeletonRows } from '../../ui/LoadStates';
import { PageTitle } from '../../ui/PageTitle';
import { PlanRow } from './PlanRow';
import { usePlans } from '../../client/plans';

export function PlansPage(): React.JSX.Element {
  const { t } = useTranslation('plans');
  const plans = usePlans();
  return (
    <Stack>
      <PageTitle title={t('title')} description={t('description')} />
      <Alert variant="light" icon={<IconInfoCircle />} maw={860}>
        <Text size="sm">
          <Trans t={t} i18nKey="banHelp" components={{ b: <b /> }} />
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
                  <Table.Th>{t('columns.plan')}</Table.Th>
                  <Table.Th>{t('columns.perMinute')}</Table.Th>
                  <Table.Th>{t('columns.perDay')}</Table.Th>
                  <Table.Th>{t('columns.banThreshold')}</Table.Th>
                  <Table.Th>{t('columns.banMinutes')}</Table.Th>
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
