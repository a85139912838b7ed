import { Button, EmptyState, Group, Paper, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { modals } from '@mantine/modals';
import { IconCategory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { CategoryNameSchema } from '../../../../shared/admin-schemas';
import type { Category } from '../../../../shared/models';
import { SPECIES, SPECIES_WORDS, type Species } from '../../../../shared/species';
import { useDialog } from '../../ui/dialog';
import { formatFigure } from '../../ui/format';
import { useAddCategory, useCategories, useRemoveCategory, useRenameCategory } from './category-queries';
import { LoadFailure, SkeletonRows } from '../../ui/LoadStates';
import { NameModal } from '../../ui/NameModal';
import { RowAction } from '../../ui/RowAction';
import { TruncatedText } from '../../ui/TruncatedText';

function inUse(petCount: number): string {
  return `In use by ${formatFigure(petCount)} ${petCount === 1 ? 'pet' : 'pets'}: move ${petCount === 1 ? 'it' : 'them'} to another category first`;
}

export function CategoriesPanel(): React.JSX.Element {
  const categories = useCategories();
  const addCategory = useAddCategory();
  const renameCategory = useRenameCategory();
  const removeCategory = useRemoveCategory();
  const naming = useDialog<Category | 'new'>();
  const renaming = naming.subject !== 'new' ? naming.subject : null;
  // What kind of animal the category holds: care, the reports and the portals read it, never the name.
  const [species, setSpecies] = useState<Species>('other');
  const openNaming = (subject: Category | 'new') => {
    setSpecies(subject === 'new' ? 'other' : subject.species);
    naming.open(subject);
  };

  const confirmRemoval = (category: Category) =>
    modals.openConfirmModal({
      title: `Remove the category ${category.name}?`,
      children: <Text size="sm">No pet is filed under it.</Text>,
      labels: { confirm: 'Remove', cancel: 'Keep' },
      confirmProps: { color: 'red' },
      onConfirm: () => removeCategory.mutate({ id: category.id, name: category.name }),
    });

  const save = (name: string) =>
    (renaming
      ? renameCategory.mutateAsync({ id: renaming.id, name, species })
      : addCategory.mutateAsync({ name, species })
    ).then(naming.close);

  return (
    <>
      <Group justify="space-between" mb="md">
        <Text size="sm" c="dimmed">
          Categories group the animals in the API and here; a category in use cannot be removed.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => openNaming('new')}>
          Add category
        </Button>
      </Group>
      {categories.isError ? (
        <LoadFailure error={categories.error} onRetry={() => void categories.refetch()} />
      ) : (
        <Paper withBorder radius="md" maw={640}>
          <Table highlightOnHover data-testid="categories-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Species</Table.Th>
                <Table.Th ta="right">Pets</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {categories.isPending && <SkeletonRows rows={4} columns={5} />}
              {categories.data?.map((category) => (
                <Table.Tr key={category.id} data-testid={`category-row-${category.id}`}>
                  <Table.Td c="dimmed">{category.id}</Table.Td>
                  <Table.Td fw={500}>
                    <TruncatedText text={category.name} maw={300} />
                  </Table.Td>
                  <Table.Td>{SPECIES_WORDS[category.species]}</Table.Td>
                  <Table.Td ta="right">{formatFigure(category.petCount)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <RowAction
                        tooltip="Rename"
                        label={`Rename ${category.name}`}
                        icon={<IconPencil size={16} />}
                        onClick={() => openNaming(category)}
                      />
                      <RowAction
                        tooltip="Remove"
                        label={`Remove ${category.name}`}
                        icon={<IconTrash size={16} />}
                        onClick={() => confirmRemoval(category)}
                        danger
                        unavailable={category.petCount > 0 ? inUse(category.petCount) : undefined}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {categories.data?.length === 0 && (
            <EmptyState
              py="xl"
              icon={<IconCategory size={28} />}
              withIndicatorBackground
              title="No categories"
              description="Add one (Dogs, Cats…) before adding pets."
            />
          )}
        </Paper>
      )}
      <NameModal
        opened={naming.opened}
        title={renaming ? `Rename ${renaming.name}` : 'Add a category'}
        label="Category name"
        initialValue={renaming?.name ?? ''}
        schema={CategoryNameSchema}
        submitLabel={renaming ? 'Rename' : 'Add'}
        busy={addCategory.isPending || renameCategory.isPending}
        onSubmit={save}
        onClose={naming.close}
        extra={
          <Select<Species>
            label="Species"
            description="What kind of animal: protocols, age groups, reports and portals follow it, whatever the name"
            value={species}
            onChange={(value) => value && setSpecies(value)}
            data={SPECIES.map((value) => ({ value, label: SPECIES_WORDS[value] }))}
            allowDeselect={false}
          />
        }
      />
    </>
  );
}
