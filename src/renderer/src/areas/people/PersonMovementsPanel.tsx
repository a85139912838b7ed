import { Anchor, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PersonMovements } from '../../../../shared/movements';
import { recordHref } from '../../ui/navigation';
import { PetStatusBadge } from '../../domain/pets/PetStatusBadge';
import { formatMoment } from '../../ui/format';
import { movementWords } from '../../domain/movements/movement-words';
import { TruncatedText } from '../../ui/TruncatedText';

/** A person's animals (each a link to its page) and every movement they took part in, newest first. */
export function PersonMovementsPanel({ events, animals }: PersonMovements): React.JSX.Element {
  const { t } = useTranslation('people');
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('movements.theirAnimals')}
          </Title>
          {animals.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('movements.noAnimals')}
            </Text>
          ) : (
            <Group gap="xs" data-testid="person-animals">
              {animals.map((animal) => (
                <Group key={animal.id} gap={6} wrap="nowrap">
                  <Anchor href={recordHref('pets', animal.id)} size="sm" fw={500}>
                    {animal.name}
                  </Anchor>
                  <PetStatusBadge status={animal.status} departure={animal.departure} size="sm" />
                </Group>
              ))}
            </Group>
          )}
        </Stack>
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('movements.title')}
          </Title>
          {events.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('movements.none')}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={320} scrollbars="y" type="auto">
              <Table striped verticalSpacing={6} stickyHeader data-testid="person-movements">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('movements.when')}</Table.Th>
                    <Table.Th>{t('movements.animal')}</Table.Th>
                    <Table.Th>{t('movements.what')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {events.map((event) => (
                    <Table.Tr key={`${event.id ?? 'creation'}-${event.stayId}-${event.kind}`}>
                      <Table.Td c="dimmed">{formatMoment(event.at)}</Table.Td>
                      <Table.Td>
                        <Anchor href={recordHref('pets', event.petId)} size="sm">
                          <TruncatedText text={event.petName} maw={200} />
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{movementWords(event)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
