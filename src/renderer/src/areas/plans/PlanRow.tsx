import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { windowResolver } from '../../ui/zod-words';
import { Trans, useTranslation } from 'react-i18next';
import { PlanChangeInputSchema, type PlanChange } from '../../../../shared/admin-schemas';
import type { PlanFigures } from '../../../../shared/plans';
import { pageHref } from '../../ui/navigation';
import { useUpdatePlan } from '../../client/plans';
import { PlanBadge } from '../../domain/plans/PlanBadge';
import { figureOf, FigureInput } from '../../ui/FigureInput';
import { useUnsavedChanges } from '../../ui/unsaved-changes';

type PlanFormValues = {
  perMinute: number | string;
  perDay: number | string;
  banThreshold: number | string;
  banMinutes: number | string;
};

const resolver = windowResolver(PlanChangeInputSchema);

/** Enterprise has no plan-wide quota: each Enterprise account carries its own figures. An emptied field fails validation. */
function changeOf(values: PlanFormValues, plan: PlanFigures): PlanChange {
  const bans = { banThreshold: figureOf(values.banThreshold), banMinutes: figureOf(values.banMinutes) };
  return plan.id === 'enterprise'
    ? bans
    : { perMinute: figureOf(values.perMinute), perDay: figureOf(values.perDay), ...bans };
}

export function PlanRow({ plan }: { plan: PlanFigures }): React.JSX.Element {
  const { t } = useTranslation('plans');
  const planName = t(`names.${plan.id}`);
  const updatePlan = useUpdatePlan();
  const form = useForm<PlanFormValues>({
    initialValues: {
      perMinute: plan.perMinute ?? '',
      perDay: plan.perDay ?? '',
      banThreshold: plan.banThreshold,
      banMinutes: plan.banMinutes,
    },
    validate: (values) => resolver(changeOf(values, plan)),
  });
  useUnsavedChanges(form.isDirty());

  const save = form.onSubmit((values) =>
    updatePlan.mutate(
      { planId: plan.id, change: changeOf(values, plan) },
      { onSuccess: () => form.resetDirty(values) },
    ),
  );
  const submitOnEnter = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') save();
  };
  const figureInput = (field: keyof PlanFormValues) => (
    <FigureInput
      aria-label={t('fieldLabel', { plan: planName, field: t(`fields.${field}`) })}
      thousandSeparator
      w={{ base: 92, lg: 150 }}
      onKeyDown={submitOnEnter}
      {...form.getInputProps(field)}
    />
  );

  return (
    <Table.Tr data-testid={`plan-row-${plan.id}`}>
      <Table.Td>
        <PlanBadge planId={plan.id} />
      </Table.Td>
      {plan.id === 'enterprise' ? (
        <Table.Td colSpan={2}>
          <Text size="sm" c="dimmed">
            <Trans
              t={t}
              i18nKey="enterpriseSetOn"
              components={{ a: <Anchor href={pageHref('accounts')} size="sm" /> }}
            />
          </Text>
        </Table.Td>
      ) : (
        <>
          <Table.Td>{figureInput('perMinute')}</Table.Td>
          <Table.Td>{figureInput('perDay')}</Table.Td>
        </>
      )}
      <Table.Td>{figureInput('banThreshold')}</Table.Td>
      <Table.Td>{figureInput('banMinutes')}</Table.Td>
      <Table.Td>
        {/* In a small window Undo goes under Save rather than off to the side. */}
        <Group gap="xs">
          <Button
            size="xs"
            aria-label={t('saveLabel', { plan: planName })}
            disabled={!form.isDirty()}
            loading={updatePlan.isPending}
            onClick={() => save()}
          >
            {t('save')}
          </Button>
          {form.isDirty() && (
            <Button
              size="xs"
              variant="subtle"
              aria-label={t('undoLabel', { plan: planName })}
              onClick={() => form.reset()}
            >
              {t('undo')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
