import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ENVIRONMENTS, type Environment } from '../../../shared/environments';
import { ENVIRONMENT_COLOR, useEnvironmentChoice } from '../client/EnvironmentProvider';
import { leaveOrAsk } from '../ui/unsaved-changes';

export function EnvironmentSwitch(): React.JSX.Element {
  const { t } = useTranslation();
  const { environment, setEnvironment } = useEnvironmentChoice();
  return (
    <SegmentedControl<Environment>
      aria-label={t('environment.label')}
      data-testid="environment-switch"
      size="sm"
      color={ENVIRONMENT_COLOR[environment]}
      value={environment}
      // The other environment's pages replace this one's: changes typed here are asked about first.
      onChange={(next) => leaveOrAsk(() => setEnvironment(next))}
      data={ENVIRONMENTS.map((value) => ({ value, label: t(`environment.${value}`) }))}
    />
  );
}
