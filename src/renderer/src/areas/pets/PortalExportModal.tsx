import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconWorldOff } from '@tabler/icons-react';
import { useState } from 'react';
import {
  PORTAL_IDS,
  type PortalExportResult,
  type PortalId,
  type PortalListing,
  type PortalStatus,
} from '../../../../shared/portals';
import { describeFailure, PORTAL_NAMES, portalProblemWords, type Failure } from '../../client/errors';
import { AdminCallError } from '../../client/transport';
import { DialogFailureAlert } from '../../ui/DialogFailureAlert';
import { formatMoment } from '../../ui/format';
import { usePortalExport, usePortalStatus } from './portal-queries';

/** Where staff take the files, per portal. */
const UPLOAD: Readonly<Record<PortalId, string>> = {
  rescuegroups: 'Upload the CSV and the photos beside it to the import folder of your RescueGroups.org FTP account.',
  petfinder:
    'Upload petfinder.csv to your Petfinder FTP import folder; Petfinder fetches the photos from the adoption site.',
  adoptapet:
    'Upload pets.csv and import.cfg to your Adopt-a-Pet FTP import folder; Adopt-a-Pet fetches the photos from the adoption site.',
};

/** A refusal of the export, in the window's words. */
function exportRefusal(error: unknown, portal: PortalId): Failure {
  if (
    error instanceof AdminCallError &&
    error.code === 'validation_failed' &&
    (error.details as { field?: string } | undefined)?.field === 'project'
  ) {
    return {
      title: 'Publish the adoption site first',
      message: `${PORTAL_NAMES[portal]} fetches the photos from the adoption site. Publish it on one project (Sites page), then export again.`,
    };
  }
  return describeFailure(error);
}

/** An animal's last export: listed, or kept out and why. */
function LastExport({ listing }: { listing: PortalListing | undefined }): React.JSX.Element {
  if (!listing)
    return (
      <Text size="sm" c="dimmed">
        Not exported
      </Text>
    );
  if (listing.state === 'listed')
    return (
      <Badge color="teal" variant="light">
        Listed {formatMoment(listing.exportedAt)}
      </Badge>
    );
  return (
    <Text size="sm">
      <Badge color="orange" variant="light" mr={4}>
        Kept out
      </Badge>
      {listing.problems.map(portalProblemWords).join('; ')}
    </Text>
  );
}

/** Each animal of the portal: what this export would do with it, and its last export. */
function AnimalTable({ status }: { status: PortalStatus }): React.JSX.Element {
  const last = new Map(status.listings.map((listing) => [listing.petId, listing]));
  const rows = [
    ...status.plan.refused.map((animal) => ({
      id: animal.id,
      name: animal.name,
      now: animal.problems.map(portalProblemWords).join('; '),
    })),
    ...status.plan.listed.map((animal) => ({ id: animal.id, name: animal.name, now: null })),
  ];
  if (rows.length === 0) return <Text size="sm">No animal is available or on hold.</Text>;
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <Table striped data-testid="portal-animals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Animal</Table.Th>
            <Table.Th>This export</Table.Th>
            <Table.Th>Last export</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>
                {row.now === null ? (
                  <Badge color="teal" variant="light">
                    Listed
                  </Badge>
                ) : (
                  <Text size="sm" data-testid="portal-refusal">
                    <Badge color="orange" variant="light" mr={4}>
                      Kept out
                    </Badge>
                    {row.now}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <LastExport listing={last.get(row.id)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/** The export panel: for each portal, what an export would list and keep out (and why), its warnings, and the export. */
export function PortalExportModal({ opened, onClose }: { opened: boolean; onClose: () => void }): React.JSX.Element {
  const [portal, setPortal] = useState<PortalId>('rescuegroups');
  const [confirmFirst, setConfirmFirst] = useState(false);
  const [allowDrops, setAllowDrops] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [made, setMade] = useState<PortalExportResult | null>(null);
  const statuses = usePortalStatus(opened);
  const exporting = usePortalExport();
  const status = statuses.data?.find((one) => one.portal === portal);
  const erasesFirst = portal === 'adoptapet' && status?.firstExport === true;
  const choose = (value: PortalId) => {
    setPortal(value);
    setConfirmFirst(false);
    setAllowDrops(false);
    setFailure(null);
    setMade(null);
  };
  const close = () => {
    choose('rescuegroups');
    onClose();
  };
  const run = () => {
    setFailure(null);
    setMade(null);
    exporting.mutate(
      { portal, allowDrops, confirmFirstUpload: confirmFirst },
      {
        onSuccess: (result) => {
          setMade(result);
          setConfirmFirst(false);
          setAllowDrops(false);
        },
        onError: (error) => setFailure(exportRefusal(error, portal)),
      },
    );
  };
  const dropped = status?.plan.dropped ?? [];
  return (
    <Modal opened={opened} onClose={close} title="Export to the adoption portals" size="lg" centered>
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Portal"
          value={portal}
          onChange={(value) => choose(value as PortalId)}
          data={PORTAL_IDS.map((id) => ({ value: id, label: PORTAL_NAMES[id] }))}
        />
        {statuses.isError && <DialogFailureAlert failure={describeFailure(statuses.error)} />}
        {status && (
          <>
            <Text size="sm">
              {status.plan.listed.length} {status.plan.listed.length === 1 ? 'animal goes' : 'animals go'} into the file
              {status.plan.refused.length > 0
                ? `; ${status.plan.refused.length} ${status.plan.refused.length === 1 ? 'is' : 'are'} kept out until their profile is completed`
                : ''}
              . Each upload replaces the whole listing.
            </Text>
            <AnimalTable status={status} />
            {erasesFirst && (
              <Alert
                color="yellow"
                variant="light"
                icon={<IconAlertTriangle />}
                title="Adopt-a-Pet’s first upload erases your listing there"
                data-testid="first-upload-warning"
              >
                The first file Adopt-a-Pet receives from any software replaces every pet listed there today, including
                pets entered by hand. Make sure all of them are in Adoption Desk first.
                <Checkbox
                  mt="xs"
                  checked={confirmFirst}
                  onChange={(event) => setConfirmFirst(event.currentTarget.checked)}
                  label="I understand: replace everything Adopt-a-Pet lists for us"
                />
              </Alert>
            )}
            {dropped.length > 0 && (
              <Alert
                color="orange"
                variant="light"
                icon={<IconAlertTriangle />}
                title={`${PORTAL_NAMES[portal]} would delete ${dropped.length} listed ${dropped.length === 1 ? 'animal' : 'animals'}`}
              >
                The last export listed {dropped.map((animal) => animal.name).join(', ')}; this one leaves{' '}
                {dropped.length === 1 ? 'it' : 'them'} out.
                <Checkbox
                  mt="xs"
                  checked={allowDrops}
                  onChange={(event) => setAllowDrops(event.currentTarget.checked)}
                  label={`Let ${PORTAL_NAMES[portal]} delete ${dropped.length === 1 ? 'it' : 'them'}`}
                />
              </Alert>
            )}
          </>
        )}
        {made?.warnings.map((warning) => (
          <Alert
            key={warning.code}
            color="yellow"
            variant="light"
            icon={<IconWorldOff />}
            title={`${PORTAL_NAMES[portal]} cannot fetch these photos`}
            data-testid="portal-export-warning"
          >
            The files are written, but their photo links open {warning.details.address}, an address only this computer
            reaches. Give the project “{warning.details.project}” a custom domain on the Sites page, publish the
            adoption site again, then export anew.
          </Alert>
        ))}
        {made && (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck />}
            title={`${made.listed.length} ${made.listed.length === 1 ? 'animal' : 'animals'} written`}
            data-testid="portal-export-done"
          >
            The files are in {made.dir}. {UPLOAD[portal]}
          </Alert>
        )}
        <DialogFailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {made ? 'Done' : 'Cancel'}
          </Button>
          <Button
            onClick={run}
            loading={exporting.isPending}
            disabled={!status || (erasesFirst && !confirmFirst) || (dropped.length > 0 && !allowDrops)}
          >
            Write the files
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
