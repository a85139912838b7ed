import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { windowResolver } from '../../ui/zod-words';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AccountPlanInputSchema, NewAccountInputSchema, type AccountPlan } from '../../../../shared/admin-schemas';
import type { Account } from '../../../../shared/models';
import { PLAN_IDS, type PlanFigures, type PlanId } from '../../../../shared/plans';
import { formatFigure } from '../../ui/format';
import { useChangeAccountPlan, useCreateAccount } from '../../client/accounts';
import { usePlans } from '../../client/plans';
import { figureOf, FigureInput } from '../../ui/FigureInput';
import { useDialogFailure } from '../../ui/dialog';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';

type AccountFormValues = {
  name: string;
  planId: PlanId;
  perMinute: number | string;
  perDay: number | string;
};

/** Creating an account, or moving one (`account`) to another plan; only Enterprise carries its own figures. */
export function AccountFormModal({
  opened,
  account,
  onClose,
}: {
  opened: boolean;
  account: Account | null;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('accounts');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={account ? t('form.changeTitle', { name: account.name }) : t('newAccount')}
      centered
    >
      <AccountForm account={account} onDone={onClose} />
    </Modal>
  );
}

function planOf(values: AccountFormValues): AccountPlan {
  if (values.planId !== 'enterprise') return { planId: values.planId };
  const figure = (value: number | string) => (value === '' ? undefined : figureOf(value));
  return { planId: 'enterprise', perMinute: figure(values.perMinute), perDay: figure(values.perDay) };
}

const newAccountResolver = windowResolver(NewAccountInputSchema);
const planResolver = windowResolver(AccountPlanInputSchema);

function validate(values: AccountFormValues, creating: boolean, required: string) {
  const plan = planOf(values);
  const errors = creating ? newAccountResolver({ name: values.name, ...plan }) : planResolver(plan);
  if (plan.planId === 'enterprise') {
    if (plan.perMinute === undefined) errors.perMinute = required;
    if (plan.perDay === undefined) errors.perDay = required;
  }
  return errors;
}

function describePlan(plan: PlanFigures | undefined, id: PlanId, t: TFunction<['accounts', 'plans']>): string {
  const name = t(`plans:names.${id}`);
  if (id === 'enterprise') return t('form.enterprisePlan', { plan: name });
  if (!plan) return name;
  return t('form.planFigures', {
    plan: name,
    perMinute: formatFigure(plan.perMinute),
    perDay: formatFigure(plan.perDay),
  });
}

function AccountForm({ account, onDone }: { account: Account | null; onDone: () => void }): React.JSX.Element {
  const { t } = useTranslation(['accounts', 'plans']);
  const plans = usePlans();
  const createAccount = useCreateAccount();
  const changePlan = useChangeAccountPlan();
  const form = useForm<AccountFormValues>({
    initialValues: {
      name: account?.name ?? '',
      planId: account?.planId ?? 'free',
      perMinute: account?.customPerMinute ?? '',
      perDay: account?.customPerDay ?? '',
    },
    validate: (values) => validate(values, account === null, t('form.requiredForEnterprise')),
  });
  const failure = useDialogFailure(form, 'name');

  const save = form.onSubmit((values) => {
    const plan = planOf(values);
    failure.clear();
    if (account) changePlan.mutate({ id: account.id, plan }, { onSuccess: onDone, onError: failure.show });
    else createAccount.mutate({ name: values.name.trim(), ...plan }, { onSuccess: onDone, onError: failure.show });
  });

  const planData = PLAN_IDS.map((id) => ({
    value: id,
    label: describePlan(
      plans.data?.find((plan) => plan.id === id),
      id,
      t,
    ),
  }));

  return (
    <form onSubmit={save}>
      <Stack>
        {!account && (
          <TextInput
            label={t('accountName')}
            placeholder={t('form.namePlaceholder')}
            withAsterisk
            data-autofocus
            {...form.getInputProps('name')}
          />
        )}
        <Select<PlanId>
          label={t('form.plan')}
          data={planData}
          allowDeselect={false}
          withAsterisk
          {...form.getInputProps('planId')}
        />
        {form.values.planId === 'enterprise' && (
          <Group grow align="flex-start">
            <FigureInput
              label={t('form.perMinute')}
              thousandSeparator
              withAsterisk
              {...form.getInputProps('perMinute')}
            />
            <FigureInput label={t('form.perDay')} thousandSeparator withAsterisk {...form.getInputProps('perDay')} />
          </Group>
        )}
        {account && (
          <Text size="xs" c="dimmed">
            {t('form.appliesNext')}
          </Text>
        )}
        <DialogFailureAlert failure={failure.alert} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={createAccount.isPending || changePlan.isPending}>
            {account ? t('changePlan') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
