import { Button, EmptyState, Group, Paper, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { modals } from '@mantine/modals';
import { IconCategory, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { CategoryNameSchema } from '../../../../shared/admin-schemas';
import type { Category } from '../../../../shared/models';
import { SPECIES, type Species } from '../../../../shared/species';
import { useDialog } from '../../ui/dialog';
import { formatFigure } from '../../ui/format';
import { useAddCategory, useCategories, useRemoveCategory, useRenameCategory } from './category-queries';
import { LoadFailure, SkeletonRows } from '../../ui/LoadStates';
import { NameModal } from '../../ui/NameModal';
import { RowAction } from '../../ui/RowAction';
import { TruncatedText } from '../../ui/TruncatedText';

export function CategoriesPanel(): React.JSX.Element {
  const { t } = useTranslation(['pets', 'domain']);
  const inUse = (count: number) => t('categories.inUse', { count, figure: formatFigure(count) });
  const speciesWords = (value: Species) => t(`domain:animals.species.${value}`);
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
      title: t('categories.removeTitle', { name: category.name }),
      children: <Text size="sm">{t('categories.removeText')}</Text>,
      labels: { confirm: t('categories.remove'), cancel: t('list.keep') },
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
          {t('categories.lead')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => openNaming('new')}>
          {t('categories.add')}
        </Button>
      </Group>
      {categories.isError ? (
        <LoadFailure error={categories.error} onRetry={() => void categories.refetch()} />
      ) : (
        <Paper withBorder radius="md" maw={640}>
          <Table highlightOnHover data-testid="categories-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.id')}</Table.Th>
                <Table.Th>{t('list.name')}</Table.Th>
                <Table.Th>{t('categories.species')}</Table.Th>
                <Table.Th ta="right">{t('categories.pets')}</Table.Th>
                <Table.Th>{t('list.actions')}</Table.Th>
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
                  <Table.Td>{speciesWords(category.species)}</Table.Td>
                  <Table.Td ta="right">{formatFigure(category.petCount)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <RowAction
                        tooltip={t('categories.rename')}
                        label={t('categories.renameOne', { name: category.name })}
                        icon={<IconPencil size={16} />}
                        onClick={() => openNaming(category)}
                      />
                      <RowAction
                        tooltip={t('categories.remove')}
                        label={t('categories.removeOne', { name: category.name })}
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
              title={t('categories.none')}
              description={t('categories.noneHint')}
            />
          )}
        </Paper>
      )}
      <NameModal
        opened={naming.opened}
        title={renaming ? t('categories.renameOne', { name: renaming.name }) : t('categories.addTitle')}
        label={t('categories.nameLabel')}
        initialValue={renaming?.name ?? ''}
        schema={CategoryNameSchema}
        submitLabel={renaming ? t('categories.rename') : t('categories.addShort')}
        busy={addCategory.isPending || renameCategory.isPending}
        onSubmit={save}
        onClose={naming.close}
        extra={
          <Select<Species>
            label={t('categories.species')}
            description={t('categories.speciesHint')}
            value={species}
            onChange={(value) => value && setSpecies(value)}
            data={SPECIES.map((value) => ({ value, label: speciesWords(value) }))}
            allowDeselect={false}
          />
        }
      />
    </>
  );
}
