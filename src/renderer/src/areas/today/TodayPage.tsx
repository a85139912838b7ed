import { PageTitle } from '../../ui/PageTitle';

export function TodayPage(): React.JSX.Element {
  return <PageTitle title="Today" description="Arrivals and outcomes today, reservations waiting, fosters due back, animals in care longest." />;
}
