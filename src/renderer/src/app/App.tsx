import { AppShell, Burger, Center, Group, Loader, NavLink, ScrollArea, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconPaw } from '@tabler/icons-react';
import { useIsFetching } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminChannel } from '../../../shared/admin-contract';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { EnvironmentSwitch } from './EnvironmentSwitch';
import { LabClockBanner } from './LabClockBanner';
import { ServerIndicator } from './ServerIndicator';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';
import { AccessDeniedPage } from './AccessDeniedPage';
import { FirstRunPage } from '../areas/first-run/FirstRunPage';
import { useFirstRun } from '../areas/first-run/link-bridge';
import { LoginPage } from '../areas/login/LoginPage';
import { SignedInMenu } from '../areas/login/SignedInMenu';
import { NotForThisRole } from '../areas/login/NotForThisRole';
import { pageHref, type PageId } from '../ui/navigation';
import { PAGES, pageOf } from './pages';
import { useRoute } from './router';
import { useServers } from '../client/servers';
import { useEnvironment } from '../client/EnvironmentProvider';
import { deniesAccess } from '../client/errors';
import { useTeam } from '../client/staff';
import { LanguageMenu } from '../ui/LanguageMenu';
import { LoadFailure } from '../ui/LoadStates';
import { PHONE_QUERY, PhoneShell } from '../areas/phone/PhoneShell';

/** Tests wait for this marker instead of sleeping: the window is up and its first answers are in. */
function useReadyMarker(settled: boolean): void {
  const fetching = useIsFetching();
  const ready = settled && fetching === 0;
  useEffect(() => {
    if (ready) document.documentElement.dataset.ready = 'true';
  }, [ready]);
}

/** The home address (no page named) opens the first page the role may open: an API admin has no Pets. */
function useFirstOpenPage(opens: (id: PageId) => boolean): void {
  const home = PAGES.find(({ id }) => opens(id))?.id;
  useEffect(() => {
    if (home && /^#?\/?$/.test(window.location.hash) && !opens('pets')) window.location.replace(pageHref(home));
  });
}

export function App(): React.JSX.Element {
  const firstRun = useFirstRun();
  // The desktop app's first run: how this computer works is chosen before anything else shows.
  if (firstRun.state === 'asking') return <></>;
  if (firstRun.state === 'needed') return <FirstRunPage onChosen={firstRun.done} />;
  return <CallerWindow />;
}

/** Who is calling decides the window: the login page for nobody yet in team mode, else the pages the role may open. */
function CallerWindow(): React.JSX.Element {
  const { t } = useTranslation();
  const team = useTeam();
  if (team.isError && deniesAccess(team.error)) return <AccessDeniedPage />;
  if (!team.data) {
    return (
      <Center mih="100vh" p="lg" component="main">
        {team.isError ? (
          <LoadFailure error={team.error} onRetry={() => void team.refetch()} />
        ) : (
          <Loader aria-label={t('starting')} />
        )}
      </Center>
    );
  }
  if (team.data.caller === 'nobody') return <LoginView />;
  return <Shell channels={team.data.channels} />;
}

function LoginView(): React.JSX.Element {
  useReadyMarker(true);
  return <LoginPage />;
}

function Shell({ channels }: { channels: readonly AdminChannel[] }): React.JSX.Element {
  const { t } = useTranslation();
  const [navOpened, nav] = useDisclosure(false);
  const { page, recordId } = useRoute();
  const servers = useServers();
  useReadyMarker(!servers.isPending);
  const opens = (id: PageId) => channels.includes(pageOf(id).channel);
  const View = opens(page) ? pageOf(page).view : NotForThisRole;
  useFirstOpenPage(opens);
  // Read at once, not after a first desk-sized paint: a phone never shows the desk's frame.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const environment = useEnvironment();
  if (phone)
    return (
      <>
        <PhoneShell page={page} recordId={recordId} channels={channels} />
        <UnsavedChangesDialog />
      </>
    );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('shell.showPages')}
            />
            <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
              <IconPaw size={20} />
            </ThemeIcon>
            <Text fw={700} size="lg" visibleFrom="xs">
              Adoption Desk
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <SignedInMenu />
            <LanguageMenu />
            <ServerIndicator />
            <EnvironmentSwitch />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('shell.pages')}>
        <AppShell.Section grow component={ScrollArea}>
          {PAGES.filter(({ id }) => opens(id)).map(({ id, icon: PageIcon }) => (
            <NavLink
              key={id}
              href={pageHref(id)}
              label={t(`pages.${id}`)}
              active={page === id}
              aria-current={page === id ? 'page' : undefined}
              leftSection={<PageIcon size={18} stroke={1.6} />}
              onClick={nav.close}
            />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        {channels.includes('lab.clock') && <LabClockBanner />}
        {/* Keyed by the environment: the other one's page starts from its own data, never from this one's edits. */}
        <View key={environment} recordId={recordId} />
      </AppShell.Main>
      <UnsavedChangesDialog />
    </AppShell>
  );
}
