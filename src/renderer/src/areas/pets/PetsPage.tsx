import { Stack, Tabs } from '@mantine/core';
import { IconCategory, IconPaw } from '@tabler/icons-react';
import { CategoriesPanel } from './CategoriesPanel';
import { PageTitle } from '../../ui/PageTitle';
import { PetBrowser } from './PetBrowser';
import type { PageProps } from '../../ui/navigation';
import { PetRecordPage } from './PetRecordPage';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('pets');
  return (
    <Stack display={hidden ? 'none' : undefined}>
      <PageTitle title={t('page.title')} description={t('page.description')} />
      <Tabs defaultValue="pets">
        <Tabs.List mb="md">
          <Tabs.Tab value="pets" leftSection={<IconPaw size={16} />}>
            {t('page.animals')}
          </Tabs.Tab>
          {mayEditCategories && (
            <Tabs.Tab value="categories" leftSection={<IconCategory size={16} />}>
              {t('page.categories')}
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
