import type { CsvSeparator } from '../../../../shared/csv-separator';
import { useQuery } from '@tanstack/react-query';
import type { Environment } from '../../../../shared/environments';
import { call } from '../../client/transport';
import { useEnvironment } from '../../client/EnvironmentProvider';

/** The shelter works in this computer's time zone: its months end at this zone's midnights. */
export const SHELTER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The month's last day, YYYY-MM-DD. */
export function lastDayOf(month: string): string {
  const [year = 1970, number = 1] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, '0')}`;
}

export function useSacMatrix(month: string) {
  const environment = useEnvironment();
  return useQuery({ queryKey: [environment, 'reports', 'sac', month], queryFn: () => call('reports.sac', { environment, query: { month, timeZone: SHELTER_TIME_ZONE } }) });
}

export function useLiveRelease(month: string) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'reports', 'liveRelease', month],
    queryFn: () => call('reports.liveRelease', { environment, query: { from: `${month}-01`, to: lastDayOf(month), timeZone: SHELTER_TIME_ZONE } }),
  });
}

export function useTrends(month: string) {
  const environment = useEnvironment();
  return useQuery({ queryKey: [environment, 'reports', 'trends', month], queryFn: () => call('reports.trends', { environment, query: { month, months: 12, timeZone: SHELTER_TIME_ZONE } }) });
}

/** The matrix as the CSV file, saved by the browser. */
export async function downloadSacCsv(environment: Environment, month: string, separator: CsvSeparator): Promise<void> {
  const { fileName, csv } = await call('reports.sacCsv', { environment, query: { month, timeZone: SHELTER_TIME_ZONE }, separator });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
