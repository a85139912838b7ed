/** Which environment the window manages; every query key starts with it, so switching never mixes data. */
import { useLocalStorage } from '@mantine/hooks';
import { createContext, use, type ReactNode } from 'react';
import { ENVIRONMENTS, type Environment } from '../../../shared/environments';

interface EnvironmentChoice {
  environment: Environment;
  setEnvironment: (environment: Environment) => void;
}

const EnvironmentContext = createContext<EnvironmentChoice | null>(null);

function isEnvironment(value: string): value is Environment {
  return (ENVIRONMENTS as readonly string[]).includes(value);
}

export function EnvironmentProvider({ children }: { children: ReactNode }): React.JSX.Element {
  const [stored, setEnvironment] = useLocalStorage<string>({
    key: 'adoption-desk:environment',
    defaultValue: 'production',
    getInitialValueInEffect: false,
  });
  const environment: Environment = isEnvironment(stored) ? stored : 'production';
  return <EnvironmentContext value={{ environment, setEnvironment }}>{children}</EnvironmentContext>;
}

export function useEnvironmentChoice(): EnvironmentChoice {
  const choice = use(EnvironmentContext);
  if (!choice) throw new Error('useEnvironmentChoice outside EnvironmentProvider');
  return choice;
}

export function useEnvironment(): Environment {
  return useEnvironmentChoice().environment;
}

export const ENVIRONMENT_LABEL: Record<Environment, string> = { production: 'Production', staging: 'Staging' };
export const ENVIRONMENT_COLOR: Record<Environment, string> = { production: 'teal', staging: 'orange' };
