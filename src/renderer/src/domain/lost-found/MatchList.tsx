import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldVerdict, Match } from '../../../../shared/lost-found';
import { formatDay } from '../../ui/format';
import { recordHref } from '../../ui/navigation';

const VERDICT_COLOUR: Record<FieldVerdict['verdict'], string> = {
  same: 'teal',
  close: 'yellow',
  different: 'red',
  unknown: 'gray',
};

/** Why a candidate scored as it did: each field compared, coloured by its verdict, with the words that agreed. */
function Explanation({ fields }: { fields: FieldVerdict[] }): React.JSX.Element {
  const { t } = useTranslation('lostFound');
  return (
    <Group gap={6} wrap="wrap">
      {fields
        .filter((field) => field.verdict !== 'unknown')
        .map((field) => (
          <Badge key={field.field} color={VERDICT_COLOUR[field.verdict]} variant="light" tt="none">
            {t(`verdicts.${field.verdict}`, { field: t(`fields.${field.field}`) })}
            {field.words && field.words.length > 0 ? ` (${field.words.join(', ')})` : ''}
          </Badge>
        ))}
    </Group>
  );
}

/** Candidates, best first, each with its score, why, and (staff) the button that confirms it. */
export function MatchList({
  matches,
  onConfirm,
}: {
  matches: Match[];
  onConfirm?: (match: Match) => void;
}): React.JSX.Element {
  const { t } = useTranslation('lostFound');
  if (matches.length === 0) return <Text c="dimmed">{t('matches.none')}</Text>;
  return (
    <Stack gap="xs">
      {matches.map((match) => {
        const key = match.pet ? `pet-${match.pet.id}` : `report-${match.report?.id ?? 0}`;
        const name = match.pet
          ? t('matches.stray', { name: match.pet.name, date: formatDay(match.pet.intakeAt) })
          : t('matches.report', {
              kind: t(`kinds.${match.report?.kind ?? 'found'}`),
              id: match.report?.id ?? 0,
              date: formatDay(match.report?.seenAt ?? null),
            });
        return (
          <Paper key={key} withBorder p="sm" aria-label={name}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4}>
                <Group gap="xs">
                  {match.pet ? <Anchor href={recordHref('pets', match.pet.id)}>{name}</Anchor> : <Text>{name}</Text>}
                  <Badge color={match.certain ? 'teal' : 'blue'}>
                    {t(match.certain ? 'matches.certain' : 'matches.score', { score: match.score })}
                  </Badge>
                </Group>
                <Explanation fields={match.fields} />
              </Stack>
              {onConfirm && (
                <Button size="xs" onClick={() => onConfirm(match)}>
                  {match.pet ? t('matches.returnToOwner') : t('matches.sameAnimal')}
                </Button>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
