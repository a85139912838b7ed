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
import { useTranslation } from 'react-i18next';
import { windowI18n } from '../../i18n/i18n';
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
import { formatFigure, formatMoment } from '../../ui/format';
import { usePortalExport, usePortalStatus } from './portal-queries';

/** A refusal of the export, in the window's words. */
function exportRefusal(error: unknown, portal: PortalId): Failure {
  if (
    error instanceof AdminCallError &&
    error.code === 'validation_failed' &&
    (error.details as { field?: string } | undefined)?.field === 'project'
  ) {
    return {
      title: windowI18n.t('pets:portals.publishFirst'),
      message: windowI18n.t('pets:portals.publishFirstText', { portal: PORTAL_NAMES[portal] }),
    };
  }
  return describeFailure(error);
}

/** An animal's last export: listed, or kept out and why. */
function LastExport({ listing }: { listing: PortalListing | undefined }): React.JSX.Element {
  const { t } = useTranslation('pets');
  if (!listing)
    return (
      <Text size="sm" c="dimmed">
        {t('portals.notExported')}
      </Text>
    );
  if (listing.state === 'listed')
    return (
      <Badge color="teal" variant="light">
        {t('portals.listedOn', { when: formatMoment(listing.exportedAt) })}
      </Badge>
    );
  return (
    <Text size="sm">
      <Badge color="orange" variant="light" mr={4}>
        {t('listing.keptOut')}
      </Badge>
      {listing.problems.map(portalProblemWords).join('; ')}
    </Text>
  );
}

/** Each animal of the portal: what this export would do with it, and its last export. */
function AnimalTable({ status }: { status: PortalStatus }): React.JSX.Element {
  const { t } = useTranslation('pets');
  const last = new Map(status.listings.map((listing) => [listing.petId, listing]));
  const rows = [
    ...status.plan.refused.map((animal) => ({
      id: animal.id,
      name: animal.name,
      now: animal.problems.map(portalProblemWords).join('; '),
    })),
    ...status.plan.listed.map((animal) => ({ id: animal.id, name: animal.name, now: null })),
  ];
  if (rows.length === 0) return <Text size="sm">{t('portals.noAnimal')}</Text>;
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <Table striped data-testid="portal-animals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('portals.animal')}</Table.Th>
            <Table.Th>{t('portals.thisExport')}</Table.Th>
            <Table.Th>{t('portals.lastExport')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td>
                {row.now === null ? (
                  <Badge color="teal" variant="light">
                    {t('listing.listed')}
                  </Badge>
                ) : (
                  <Text size="sm" data-testid="portal-refusal">
                    <Badge color="orange" variant="light" mr={4}>
                      {t('listing.keptOut')}
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
  const { t } = useTranslation('pets');
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
    <Modal opened={opened} onClose={close} title={t('portals.title')} size="lg" centered>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('portals.portal')}
          value={portal}
          onChange={(value) => choose(value as PortalId)}
          data={PORTAL_IDS.map((id) => ({ value: id, label: PORTAL_NAMES[id] }))}
        />
        {statuses.isError && <DialogFailureAlert failure={describeFailure(statuses.error)} />}
        {status && (
          <>
            <Text size="sm">
              {t(status.plan.refused.length > 0 ? 'portals.planWithRefused' : 'portals.plan', {
                count: status.plan.listed.length,
                figure: formatFigure(status.plan.listed.length),
                refused: t('portals.refused', {
                  count: status.plan.refused.length,
                  figure: formatFigure(status.plan.refused.length),
                }),
              })}
            </Text>
            <AnimalTable status={status} />
            {erasesFirst && (
              <Alert
                color="yellow"
                variant="light"
                icon={<IconAlertTriangle />}
                title={t('portals.firstUploadTitle')}
                data-testid="first-upload-warning"
              >
                {t('portals.firstUploadText')}
                <Checkbox
                  mt="xs"
                  checked={confirmFirst}
                  onChange={(event) => setConfirmFirst(event.currentTarget.checked)}
                  label={t('portals.firstUploadConfirm')}
                />
              </Alert>
            )}
            {dropped.length > 0 && (
              <Alert
                color="orange"
                variant="light"
                icon={<IconAlertTriangle />}
                title={t('portals.wouldDelete', {
                  portal: PORTAL_NAMES[portal],
                  count: dropped.length,
                  figure: formatFigure(dropped.length),
                })}
              >
                {t('portals.dropped', {
                  count: dropped.length,
                  names: dropped.map((animal) => animal.name).join(', '),
                })}
                <Checkbox
                  mt="xs"
                  checked={allowDrops}
                  onChange={(event) => setAllowDrops(event.currentTarget.checked)}
                  label={t('portals.allowDrops', { portal: PORTAL_NAMES[portal], count: dropped.length })}
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
            title={t('portals.photosTitle', { portal: PORTAL_NAMES[portal] })}
            data-testid="portal-export-warning"
          >
            {t('portals.photosText', { address: warning.details.address, project: warning.details.project })}
          </Alert>
        ))}
        {made && (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck />}
            title={t('portals.writtenTitle', { count: made.listed.length, figure: formatFigure(made.listed.length) })}
            data-testid="portal-export-done"
          >
            {t('portals.filesIn', { dir: made.dir, upload: t(`portals.upload.${portal}`) })}
          </Alert>
        )}
        <DialogFailureAlert failure={failure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {made ? t('cards.done') : t('form.cancel')}
          </Button>
          <Button
            onClick={run}
            loading={exporting.isPending}
            disabled={!status || (erasesFirst && !confirmFirst) || (dropped.length > 0 && !allowDrops)}
          >
            {t('portals.write')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
