import { AppShell, Burger, Group, NavLink, ScrollArea, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconChartBar,
  IconFlask,
  IconHistory,
  IconBuildingCommunity,
  IconCalendarEvent,
  IconReportAnalytics,
  IconUsers,
  IconListSearch,
  IconKey,
  IconListDetails,
  IconPaw,
  IconServer,
  IconTerminal2,
  IconWorldWww,
  type Icon,
} from '@tabler/icons-react';
import { useIsFetching } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAccessDenied } from './access';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { EnvironmentSwitch } from './EnvironmentSwitch';
import { LabClockBanner } from './LabClockBanner';
import { ServerIndicator } from './ServerIndicator';
import { AccessDeniedPage } from './AccessDeniedPage';
import { AccountsPage } from '../areas/accounts/AccountsPage';
import { ConsolePage } from '../areas/console/ConsolePage';
import { FirstRunPage } from '../areas/first-run/FirstRunPage';
import { useFirstRun } from '../areas/first-run/link-bridge';
import { LabPage } from '../areas/lab/LabPage';
import { RequestsPage } from '../areas/requests/RequestsPage';
import { PeoplePage } from '../areas/people/PeoplePage';
import { PetsPage } from '../areas/pets/PetsPage';
import { PlansPage } from '../areas/plans/PlansPage';
import { ServerPage } from '../areas/server/ServerPage';
import { ShelterPage } from '../areas/shelter/ShelterPage';
import { SitesPage } from '../areas/sites/SitesPage';
import { TodayPage } from '../areas/today/TodayPage';
import { ReportsPage } from '../areas/reports/ReportsPage';
import { AuditPage } from '../areas/audit/AuditPage';
import { UsagePage } from '../areas/usage/UsagePage';
import { PAGES, pageHref, useCurrentPage, type PageId } from './navigation';
import { useServers } from '../client/servers';

const PAGE_ICON: Record<PageId, Icon> = {
  today: IconCalendarEvent,
  reports: IconReportAnalytics,
  audit: IconHistory,
  people: IconUsers,
  pets: IconPaw,
  shelter: IconBuildingCommunity,
  accounts: IconKey,
  plans: IconListDetails,
  usage: IconChartBar,
  sites: IconWorldWww,
  console: IconTerminal2,
  lab: IconFlask,
  requests: IconListSearch,
  server: IconServer,
};

const PAGE_VIEW: Record<PageId, () => React.JSX.Element> = {
  today: TodayPage,
  reports: ReportsPage,
  audit: AuditPage,
  people: PeoplePage,
  pets: PetsPage,
  shelter: ShelterPage,
  accounts: AccountsPage,
  plans: PlansPage,
  usage: UsagePage,
  sites: SitesPage,
  console: ConsolePage,
  lab: LabPage,
  requests: RequestsPage,
  server: ServerPage,
};

/** Tests wait for this marker instead of sleeping: the shell is up and its first answers are in. */
function useReadyMarker(): void {
  const servers = useServers();
  const fetching = useIsFetching();
  const settled = !servers.isPending && fetching === 0;
  useEffect(() => {
    if (settled) document.documentElement.dataset.ready = 'true';
  }, [settled]);
}

export function App(): React.JSX.Element {
  const [navOpened, nav] = useDisclosure(false);
  const page = useCurrentPage();
  const denied = useAccessDenied();
  const firstRun = useFirstRun();
  useReadyMarker();

  // The desktop app's first run: how this computer works is chosen before anything else shows.
  if (firstRun.state === 'asking') return <></>;
  if (firstRun.state === 'needed') return <FirstRunPage onChosen={firstRun.done} />;
  if (denied) return <AccessDeniedPage />;
  const View = PAGE_VIEW[page];

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label="Show pages" />
            <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
              <IconPaw size={20} />
            </ThemeIcon>
            <Text fw={700} size="lg" visibleFrom="xs">
              Adoption Desk
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ServerIndicator />
            <EnvironmentSwitch />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Pages">
        <AppShell.Section grow component={ScrollArea}>
          {PAGES.map(({ id, label }) => {
            const PageIcon = PAGE_ICON[id];
            return (
              <NavLink
                key={id}
                href={pageHref(id)}
                label={label}
                active={page === id}
                aria-current={page === id ? 'page' : undefined}
                leftSection={<PageIcon size={18} stroke={1.6} />}
                onClick={nav.close}
              />
            );
          })}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <LabClockBanner />
        <View />
      </AppShell.Main>
    </AppShell>
  );
}
