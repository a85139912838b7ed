import { PageTitle } from '../../ui/PageTitle';

export function PeoplePage(): React.JSX.Element {
  return <PageTitle title="People" description="Adopters, fosters, finders, owners, vets and other shelters: one register, private to this computer." />;
}
