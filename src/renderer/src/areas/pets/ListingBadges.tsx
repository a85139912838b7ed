import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { PORTAL_NAMES, portalProblemWords } from '../../client/errors';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '../../ui/format';
import type { PetListing } from './portal-queries';

/** The animal's last export to each portal it went to: the portal's name and its badge, one line each. */
export function ListingBadges({ listings }: { listings: PetListing[] | undefined }): React.JSX.Element {
  const { t } = useTranslation('pets');
  if (!listings || listings.length === 0) {
    return (
      <Text span size="sm" c="dimmed" aria-label={t('listing.notExported')}>
        —
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {listings.map(({ portal, listing }) => (
        <Group key={portal} gap={4} wrap="wrap" data-testid={`listing-${portal}`}>
          <Text span size="xs" c="dimmed">
            {PORTAL_NAMES[portal]}
          </Text>
          <ListingBadge portal={portal} listing={listing} />
        </Group>
      ))}
    </Stack>
  );
}

/** The reason shows on hover, on keyboard focus and on a tap. */
const TOOLTIP_EVENTS = { hover: true, focus: true, touch: true };

/** One portal's last export of the animal: listed, or kept out and why (in the tooltip, on hover or focus). */
function ListingBadge({ portal, listing }: PetListing): React.JSX.Element {
  const { t } = useTranslation('pets');
  const values = { portal: PORTAL_NAMES[portal], when: formatMoment(listing.exportedAt) };
  if (listing.state === 'listed') {
    return (
      <Tooltip label={t('listing.inExport', values)} events={TOOLTIP_EVENTS}>
        <Badge color="teal" variant="light" data-testid="listing-state" tabIndex={0}>
          {t('listing.listed')}
        </Badge>
      </Tooltip>
    );
  }
  const reasons = listing.problems.map(portalProblemWords).join('; ');
  return (
    <Tooltip label={t('listing.keptOutOf', { ...values, reasons })} multiline w={280} events={TOOLTIP_EVENTS}>
      <Badge
        color="orange"
        variant="light"
        data-testid="listing-state"
        aria-label={t('listing.keptOutBecause', { reasons })}
        tabIndex={0}
      >
        {t('listing.keptOut')}
      </Badge>
    </Tooltip>
  );
}
