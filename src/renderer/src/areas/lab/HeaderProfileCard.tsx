import { Badge, Card, Code, Group, Select, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { HEADER_PROFILES, isHeaderProfile, type HeaderProfile } from '../../../../shared/header-profiles';
import { exampleAnswers } from '../../../../shared/profile-headers';
import { useHeaderProfile, useSetHeaderProfile } from './queries';

// A profile is named by its code, the one the CLI takes (`lab profile set github`).
const OPTIONS = HEADER_PROFILES.map((profile) => ({ value: profile, label: profile }));

/** A refusal of the example as its status line and rate-limit headers, the way a client receives it. */
function refusalLines(profile: HeaderProfile): { status: number; lines: string } {
  const { refusal } = exampleAnswers(profile);
  const headers = { ...refusal.rateLimit, ...refusal.headers };
  return {
    status: refusal.status,
    lines: Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
  };
}

/** Which rate-limit headers this environment's API answers with: the contract's, or another API's habits. */
export function HeaderProfileCard(): React.JSX.Element {
  const { t } = useTranslation('lab');
  const current = useHeaderProfile();
  const change = useSetHeaderProfile();
  const active = current.data?.profile;
  const refusal = active ? refusalLines(active) : undefined;

  return (
    <Card withBorder padding="lg" data-testid="header-profile-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('headers.title')}
          </Title>
          {active && (
            <Badge
              component="code"
              color={active === 'standard' ? 'gray' : 'grape'}
              variant={active === 'standard' ? 'light' : 'filled'}
              size="lg"
              data-testid="header-profile-active"
            >
              {active}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('headers.about')}
        </Text>
        <Select
          label={t('headers.select')}
          data={OPTIONS}
          value={active ?? null}
          allowDeselect={false}
          disabled={!active || change.isPending}
          onChange={(value) => {
            if (isHeaderProfile(value) && value !== active) change.mutate(value);
          }}
          renderOption={({ option }) => (
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {option.label}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`headers.profiles.${option.value as HeaderProfile}`)}
              </Text>
            </Stack>
          )}
          maw={360}
          data-testid="header-profile-select"
        />
        {active && (
          <Text size="sm" data-testid="header-profile-about">
            {t(`headers.profiles.${active}`)}
          </Text>
        )}
        {refusal && (
          <Stack gap={4}>
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="headers.refusal"
                values={{ status: refusal.status }}
                components={[<b key="status" data-testid="header-profile-refusal-status" />]}
              />
            </Text>
            <Code
              block
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              data-testid="header-profile-refusal"
            >
              {refusal.lines}
            </Code>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
