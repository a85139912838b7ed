import { useQuery } from '@tanstack/react-query';
import { PORTAL_IDS, type CARD_PAPERS, type PortalId, type PortalListing } from '../../../../shared/portals';
import { call } from '../../client/transport';
import { useEnvironment } from '../../client/EnvironmentProvider';
import { useAction } from '../../client/action';
import { PORTAL_NAMES, SHOWN_IN_PLACE } from '../../client/errors';
import { useCan } from '../../client/staff';
import { useTranslation } from 'react-i18next';
import { formatFigure } from '../../ui/format';

/** Each animal's last export to each portal, by pet id. */
/** An animal's last export to one portal. */
export interface PetListing {
  portal: PortalId;
  listing: PortalListing;
}

export function usePortalListings() {
  const environment = useEnvironment();
  // A role without publishing (a volunteer) is not asked: the column then shows no export.
  const allowed = useCan('portals.listings');
  return useQuery({
    queryKey: [environment, 'pets', 'portal-listings'],
    queryFn: () => call('portals.listings', { environment }),
    enabled: allowed,
    // Each animal's last export to each portal, in the portals' order: the Pets list's column.
    select: (byPortal) => {
      const byPet = new Map<number, PetListing[]>();
      for (const portal of PORTAL_IDS)
        for (const listing of byPortal[portal])
          byPet.set(listing.petId, [...(byPet.get(listing.petId) ?? []), { portal, listing }]);
      return byPet;
    },
  });
}

export interface KennelCardChoice {
  ids: number[];
  paper: (typeof CARD_PAPERS)[number];
  perPage: 1 | 2;
}

export function useKennelCards() {
  const { t } = useTranslation('pets');
  return useAction({
    run: (choice: KennelCardChoice, environment) => call('pets.kennelCards', { environment, ...choice }),
    progress: ({ ids }) => t('cards.making', { count: ids.length, figure: formatFigure(ids.length) }),
    success: (made) => t('cards.ready', { count: made.cards, figure: formatFigure(made.cards) }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: [],
  });
}

/** Every portal's last export per animal and what an export now would do: the export panel. */
export function usePortalStatus(enabled: boolean) {
  const environment = useEnvironment();
  return useQuery({
    queryKey: [environment, 'pets', 'portal-status'],
    queryFn: () => call('portals.status', { environment }),
    enabled,
  });
}

export interface PortalExportChoice {
  portal: PortalId;
  allowDrops: boolean;
  confirmFirstUpload: boolean;
}

export function usePortalExport() {
  const { t } = useTranslation('pets');
  return useAction({
    run: (choice: PortalExportChoice, environment) => call('portals.export', { environment, ...choice }),
    progress: ({ portal }) => t('portals.writing', { portal: PORTAL_NAMES[portal] }),
    success: (made, { portal }) =>
      t('portals.written', {
        count: made.listed.length,
        figure: formatFigure(made.listed.length),
        portal: PORTAL_NAMES[portal],
      }),
    shownInPlace: SHOWN_IN_PLACE.always,
    invalidates: ['pets'],
  });
}
