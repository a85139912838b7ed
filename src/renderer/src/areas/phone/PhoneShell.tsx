import { Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck, IconPaw } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminChannel } from '../../../../shared/admin-contract';
import { useLogout, useTeam } from '../../client/staff';
import { pageHref, type PageId } from '../../ui/navigation';
import { PhoneAnimal } from './PhoneAnimal';
import { PhoneAnimals } from './PhoneAnimals';
import { PhoneToday } from './PhoneToday';
import { TOUCH } from './touch';

/** The width at and below which the window is a phone's: one column, the volunteer's and foster's pages. */
export const PHONE_QUERY = '(max-width: 600px)';

/** The pages a phone shows, each asking one channel of the member's. */
const PHONE_PAGES = [
  { id: 'today', channel: 'care.due', icon: IconCalendarCheck },
  { id: 'pets', channel: 'pets.browse', icon: IconPaw },
] as const satisfies readonly { id: PageId; channel: AdminChannel; icon: unknown }[];

interface PhoneShellProps {
  page: PageId;
  recordId: number | null;
  channels: readonly AdminChannel[];
}

/** A narrow window: Today and the animals in one column with the tabs at the bottom; the desk's other pages say they are the desk's. */
export function PhoneShell({ page, recordId, channels }: PhoneShellProps): React.JSX.Element {
  const { t } = useTranslation('phone');
  const pages = PHONE_PAGES.filter(({ channel }) => channels.includes(channel));
  // The home address opens Today on a phone: what a volunteer comes for.
  const here = /^#?\/?$/.test(window.location.hash) ? 'today' : page;
  const shown = pages.find(({ id }) => id === here);
  return (
    <Box data-testid="phone-shell" style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Group component="header" justify="space-between" wrap="nowrap" px="sm" py={6} gap="xs">
        <Text fw={700}>{t('appName')}</Text>
        <Account />
      </Group>
      <Box component="main" px="sm" pb={88} style={{ flex: 1, minWidth: 0 }}>
        {!shown ? (
          <DeskOnly />
        ) : here === 'today' ? (
          <PhoneToday />
        ) : recordId !== null ? (
          <PhoneAnimal petId={recordId} />
        ) : (
          <PhoneAnimals />
        )}
      </Box>
      <Group
        component="nav"
        aria-label={t('nav.label')}
        grow
        gap={0}
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        bg="var(--mantine-color-body)"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        {pages.map(({ id, icon: PageIcon }) => (
          <Button
            key={id}
            {...TOUCH}
            component="a"
            href={pageHref(id)}
            variant={id === here ? 'light' : 'subtle'}
            radius={0}
            leftSection={<PageIcon size={20} aria-hidden />}
            aria-current={id === here ? 'page' : undefined}
          >
            {t(`nav.${id}`)}
          </Button>
        ))}
      </Group>
    </Box>
  );
}

/** Who is logged in, and logging out: a phone's own bar, its button a touch target. */
function Account(): React.JSX.Element | null {
  const { t } = useTranslation('phone');
  const me = useTeam().data?.me;
  const logout = useLogout();
  if (!me) return null;
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      <Text size="sm" truncate data-testid="phone-member">
        {me.name}
      </Text>
      <Button {...TOUCH} variant="subtle" onClick={() => logout.mutate()} loading={logout.isPending}>
        {t('account.logout')}
      </Button>
    </Group>
  );
}

function DeskOnly(): React.JSX.Element {
  const { t } = useTranslation('phone');
  return (
    <Stack gap="sm" py="lg" data-testid="desk-only">
      <Title order={1} size="h3">
        {t('deskOnly.title')}
      </Title>
      <Text>{t('deskOnly.body')}</Text>
      <Button {...TOUCH} component="a" href={pageHref('today')}>
        {t('deskOnly.today')}
      </Button>
    </Stack>
  );
}
