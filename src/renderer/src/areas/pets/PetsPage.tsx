import { Stack, Tabs } from '@mantine/core';
import { IconCategory, IconPaw } from '@tabler/icons-react';
import { CategoriesPanel } from './CategoriesPanel';
import { PageTitle } from '../../ui/PageTitle';
import { PetBrowser } from './PetBrowser';
import type { PageProps } from '../../ui/navigation';
import { PetRecordPage } from './PetRecordPage';
import { useCan } from '../../client/staff';

export function PetsPage({ recordId }: PageProps): React.JSX.Element {
  return (
    <>
      {/* Keyed by the animal, so each record page starts at the section its address names. */}
      {recordId !== null && <PetRecordPage key={recordId} petId={recordId} />}
      {/* The list stays mounted while a record is open, so Back finds its search, filters and page as they were. */}
      <PetList hidden={recordId !== null} />
    </>
  );
}

function PetList({ hidden }: { hidden: boolean }): React.JSX.Element {
  // The categories tab is for keeping them tidy: a role that cannot change them has nothing to do there.
  const mayEditCategories = useCan('categories.create');
  return (
    <Stack display={hidden ? 'none' : undefined}>
      <PageTitle
        title="Pets"
        description="Every animal in your care: take one in, open its record to reserve, foster or adopt it, and keep the categories tidy."
      />
      <Tabs defaultValue="pets">
        <Tabs.List mb="md">
          <Tabs.Tab value="pets" leftSection={<IconPaw size={16} />}>
            Animals
          </Tabs.Tab>
          {mayEditCategories && (
            <Tabs.Tab value="categories" leftSection={<IconCategory size={16} />}>
              Categories
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="pets">
          <PetBrowser />
        </Tabs.Panel>
        {mayEditCategories && (
          <Tabs.Panel value="categories">
            <CategoriesPanel />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
