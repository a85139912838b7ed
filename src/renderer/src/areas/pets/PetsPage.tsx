import { Stack, Tabs } from '@mantine/core';
import { IconCategory, IconPaw } from '@tabler/icons-react';
import { CategoriesPanel } from './CategoriesPanel';
import { PageTitle } from '../../ui/PageTitle';
import { PetBrowser } from './PetBrowser';

export function PetsPage(): React.JSX.Element {
  return (
    <Stack>
      <PageTitle title="Pets" description="Every animal in your care: find one, change its status as it is reserved or adopted, and keep the categories tidy." />
      <Tabs defaultValue="pets">
        <Tabs.List mb="md">
          <Tabs.Tab value="pets" leftSection={<IconPaw size={16} />}>
            Animals
          </Tabs.Tab>
          <Tabs.Tab value="categories" leftSection={<IconCategory size={16} />}>
            Categories
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pets">
          <PetBrowser />
        </Tabs.Panel>
        <Tabs.Panel value="categories">
          <CategoriesPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
