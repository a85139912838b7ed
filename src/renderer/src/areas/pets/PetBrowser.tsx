import {
  Anchor,
  Box,
  Button,
  Checkbox,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Select,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconDoorEnter,
  IconId,
  IconPaw,
  IconPencil,
  IconPlus,
  IconPrinter,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrowsePets } from '../../../../shared/admin-schemas';
import type { PetRecord } from '../../../../shared/models';
import { useDialog } from '../../ui/dialog';
import { formatFigure, formatMoment } from '../../ui/format';
import { useCategories } from './category-queries';
import { usePetPage, useRemovePet } from './queries';
import { LoadFailure, SkeletonRows } from '../../ui/LoadStates';
import { PetFormModal } from './PetFormModal';
import { recordHref } from '../../ui/navigation';
import { recordSectionHref } from './PetRecordPage';
import { IntakeDialog } from './StayDialogs';
import { PetStatusMenu } from './PetStatusMenu';
import { SortableHeader, type Direction } from '../../ui/SortableHeader';
import { TruncatedText } from '../../ui/TruncatedText';
import { RowAction } from '../../ui/RowAction';
import { KennelCardsModal } from './KennelCardsModal';
import { PortalExportModal } from './PortalExportModal';
import { usePortalListings } from './portal-queries';
import { ListingBadges } from './ListingBadges';
import { PetFilters, type StatusFilter } from './PetFilters';
import { useCan } from '../../client/staff';

type SortField = NonNullable<BrowsePets['sort']>;
const PAGE_SIZES = ['25', '50', '100'];
const COLUMNS = 8;

export function PetBrowser(): React.JSX.Element {
  const { t } = useTranslation('pets');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [sort, setSort] = useState<SortField>('id');
  const [direction, setDirection] = useState<Direction>('desc');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const petForm = useDialog<PetRecord | 'new'>();
  const intake = useDialog<number>();
  const cards = useDialog<number[]>();
  const portals = useDialog<true>();
  // Chosen for kennel cards; kept across pages and filters, in the order chosen.
  const [chosen, setChosen] = useState<number[]>([]);
  const listings = usePortalListings();
  // The role's actions only (staff.me); the engine refuses the others anyway.
  const may = {
    cards: useCan('pets.kennelCards'),
    export: useCan('portals.export'),
    create: useCan('pets.create'),
    intake: useCan('movements.intake'),
    edit: useCan('pets.update'),
    remove: useCan('pets.remove'),
  };

  const categories = useCategories();
  const categoryName = new Map((categories.data ?? []).map((category) => [category.id, category.name]));
  const removePet = useRemovePet();
  const pets = usePetPage({
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(status !== 'all' ? { status } : {}),
    ...(categoryId !== null ? { categoryId } : {}),
    sort,
    direction,
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  const rows = pets.data?.pets ?? [];
  const total = pets.data?.total ?? 0;
  const filtered = debouncedSearch !== '' || status !== 'all' || categoryId !== null;

  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const sortBy = (field: SortField) => {
    if (field === sort) setDirection(direction === 'asc' ? 'desc' : 'asc');
    else {
      setSort(field);
      setDirection('asc');
    }
    setPage(1);
  };

  const confirmRemoval = (pet: PetRecord) =>
    modals.openConfirmModal({
      title: t('list.deleteTitle', { name: pet.name }),
      children: <Text size="sm">{t('list.deleteText')}</Text>,
      labels: { confirm: t('list.delete'), cancel: t('list.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        removePet.mutate(
          { id: pet.id, name: pet.name },
          {
            onSuccess: () => {
              if (rows.length === 1 && page > 1) setPage(page - 1);
            },
          },
        ),
    });

  const header = { sort, direction, onSort: sortBy };
  const toggle = (id: number) =>
    setChosen((current) => (current.includes(id) ? current.filter((other) => other !== id) : [...current, id]));
  const pageIds = rows.map((pet) => pet.id);
  const wholePageChosen = pageIds.length > 0 && pageIds.every((id) => chosen.includes(id));
  const togglePage = () =>
    setChosen((current) =>
      wholePageChosen
        ? current.filter((id) => !pageIds.includes(id))
        : [...current, ...pageIds.filter((id) => !current.includes(id))],
    );

  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="wrap" mb="md">
        <PetFilters
          search={search}
          onSearch={refilter(setSearch)}
          status={status}
          onStatus={refilter(setStatus)}
          categoryId={categoryId}
          onCategory={refilter(setCategoryId)}
          categories={categories.data ?? []}
        />
        <Group gap="sm">
          {may.cards && (
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              disabled={chosen.length === 0}
              onClick={() => cards.open(chosen)}
              data-testid="print-kennel-cards"
            >
              {chosen.length === 0
                ? t('list.printCards')
                : t('list.printChosenCards', { count: chosen.length, figure: formatFigure(chosen.length) })}
            </Button>
          )}
          {may.export && (
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() => portals.open(true)}
              data-testid="open-portal-export"
            >
              {t('list.portals')}
            </Button>
          )}
          {may.create && (
            <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => petForm.open('new')}>
              {t('list.addPet')}
            </Button>
          )}
          {/* Keyed by opening, so each intake starts with an empty form. */}
          {may.intake && (
            <Button leftSection={<IconDoorEnter size={16} />} onClick={() => intake.open((intake.subject ?? 0) + 1)}>
              {t('list.takeIn')}
            </Button>
          )}
        </Group>
      </Group>

      {pets.isError && !pets.data ? (
        <LoadFailure error={pets.error} onRetry={() => void pets.refetch()} />
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-busy={pets.isFetching} data-testid="pets-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={36}>
                    <Checkbox
                      aria-label={t('list.choosePage')}
                      checked={wholePageChosen}
                      indeterminate={!wholePageChosen && pageIds.some((id) => chosen.includes(id))}
                      onChange={togglePage}
                    />
                  </Table.Th>
                  <SortableHeader field="id" label={t('list.id')} {...header} />
                  <SortableHeader field="name" label={t('list.name')} {...header} />
                  <SortableHeader field="categoryId" label={t('list.category')} {...header} />
                  <SortableHeader field="status" label={t('list.status')} {...header} />
                  {/* Below 1200 px the export state takes its room; the record view keeps the dates. */}
                  <SortableHeader field="updatedAt" label={t('list.updated')} visibleFrom="lg" {...header} />
                  <Table.Th>
                    <Tooltip label={t('list.portalsHint')}>
                      <Text span size="sm" fw={600}>
                        {t('list.portals')}
                      </Text>
                    </Tooltip>
                  </Table.Th>
                  <Table.Th>
                    <Text span size="sm" fw={600}>
                      {t('list.actions')}
                    </Text>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody style={{ opacity: pets.isPlaceholderData ? 0.6 : 1 }}>
                {pets.isPending && <SkeletonRows rows={8} columns={COLUMNS} />}
                {rows.map((pet) => (
                  <Table.Tr key={pet.id} data-testid={`pet-row-${pet.id}`}>
                    <Table.Td>
                      <Checkbox
                        aria-label={t('list.choose', { name: pet.name })}
                        checked={chosen.includes(pet.id)}
                        onChange={() => toggle(pet.id)}
                      />
                    </Table.Td>
                    <Table.Td c="dimmed">{pet.id}</Table.Td>
                    <Table.Td fw={500}>
                      {/* Narrower in a small window, so the actions stay in view (a long name keeps its tooltip). */}
                      <Box maw={{ base: 150, lg: 320 }}>
                        <Anchor href={recordHref('pets', pet.id)} inherit underline="hover" display="block">
                          <TruncatedText text={pet.name} maw={360} />
                        </Anchor>
                      </Box>
                    </Table.Td>
                    <Table.Td>
                      <TruncatedText text={categoryName.get(pet.categoryId) ?? `#${pet.categoryId}`} maw={200} />
                    </Table.Td>
                    <Table.Td>
                      <PetStatusMenu
                        pet={pet}
                        onShowHistory={() => (window.location.hash = recordSectionHref(pet.id, 'history'))}
                      />
                    </Table.Td>
                    <Table.Td c="dimmed" visibleFrom="lg">
                      {formatMoment(pet.updatedAt)}
                    </Table.Td>
                    <Table.Td>
                      <ListingBadges listings={listings.data?.get(pet.id)} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {may.edit && (
                          <RowAction
                            tooltip={t('list.editHint')}
                            label={t('list.edit', { name: pet.name })}
                            icon={<IconPencil size={16} />}
                            onClick={() => petForm.open(pet)}
                          />
                        )}
                        <RowAction
                          tooltip={t('list.recordHint')}
                          label={t('list.record', { name: pet.name })}
                          icon={<IconId size={16} />}
                          onClick={() => (window.location.hash = recordHref('pets', pet.id))}
                        />
                        {may.remove && (
                          <RowAction
                            tooltip={t('list.delete')}
                            label={t('list.deleteOne', { name: pet.name })}
                            icon={<IconTrash size={16} />}
                            onClick={() => confirmRemoval(pet)}
                            danger
                          />
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pets.isSuccess && rows.length === 0 && (
            <EmptyState
              py="xl"
              icon={<IconPaw size={28} />}
              withIndicatorBackground
              title={filtered ? t('list.noMatch') : t('list.none')}
              description={filtered ? t('list.noMatchHint') : t('list.noneHint')}
            >
              {!filtered && may.create && (
                <EmptyState.Actions>
                  <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => petForm.open('new')}>
                    {t('list.addFirst')}
                  </Button>
                </EmptyState.Actions>
              )}
            </EmptyState>
          )}
        </Paper>
      )}

      <Group justify="space-between" mt="md" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="pets-total" aria-live="polite">
          {pets.data ? t('list.total', { count: total, figure: formatFigure(total) }) : ' '}
        </Text>
        <Group gap="sm">
          <Pagination
            total={Math.max(1, Math.ceil(total / pageSize))}
            value={page}
            onChange={setPage}
            siblings={1}
            getControlProps={(control) => ({ 'aria-label': t(`list.pageControl.${control}`) })}
            aria-label={t('list.pages')}
          />
          <Select
            aria-label={t('list.perPage')}
            data={PAGE_SIZES}
            value={String(pageSize)}
            onChange={(value) => refilter(setPageSize)(Number(value ?? 25))}
            allowDeselect={false}
            w={80}
          />
        </Group>
      </Group>

      <PetFormModal
        opened={petForm.opened}
        pet={petForm.subject === 'new' ? null : petForm.subject}
        onClose={petForm.close}
      />
      {intake.subject !== null && (
        <IntakeDialog key={intake.subject} pet={null} opened={intake.opened} onClose={intake.close} />
      )}
      <KennelCardsModal opened={cards.opened} ids={cards.subject ?? []} onClose={cards.close} />
      <PortalExportModal opened={portals.opened} onClose={portals.close} />
    </>
  );
}
