import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ENVIRONMENTS, type Environment } from '../../../shared/environments';
import { ENVIRONMENT_COLOR, useEnvironmentChoice } from '../client/EnvironmentProvider';

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
      onChange={setEnvironment}
      data={ENVIRONMENTS.map((value) => ({ value, label: t(`environment.${value}`) }))}
    />
  );
}
