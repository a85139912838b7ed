import { SegmentedControl } from '@mantine/core';
import { ENVIRONMENTS, type Environment } from '../../../shared/environments';
import { ENVIRONMENT_COLOR, ENVIRONMENT_LABEL, useEnvironmentChoice } from '../client/EnvironmentProvider';

export function EnvironmentSwitch(): React.JSX.Element {
  const { environment, setEnvironment } = useEnvironmentChoice();
  return (
    <SegmentedControl<Environment>
      aria-label="Environment"
      data-testid="environment-switch"
      size="sm"
      color={ENVIRONMENT_COLOR[environment]}
      value={environment}
      onChange={setEnvironment}
      data={ENVIRONMENTS.map((value) => ({ value, label: ENVIRONMENT_LABEL[value] }))}
    />
  );
}
