import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Domain } from '../../../../shared/sites';
import { usePromoteAndRemove, useRemoveDomain } from './queries';

/** Long domain names wrap inside the button instead of being cut. */
const WRAPPING_LABEL = { label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'left' } } as const;

/** Which redirect to offer first: a verified one serves visitors at once. */
function likelySuccessor(redirects: Domain[]): string | undefined {
  return (redirects.find((domain) => domain.status === 'verified') ?? redirects[0])?.name;
}

type PromoteAndRemove = ReturnType<typeof usePromoteAndRemove>;
type RemoveDomain = ReturnType<typeof useRemoveDomain>;

function RemovePrimary({
  domain,
  redirects,
  promoteAndRemove,
  onClose,
}: {
  domain: Domain;
  redirects: Domain[];
  promoteAndRemove: PromoteAndRemove;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('sites');
  // The redirects offered when the dialog opened: the promotion, pushed back mid-action, must not change them under the user.
  const [offered] = useState(redirects);
  const [successor, setSuccessor] = useState(likelySuccessor(offered) ?? '');
  const others = offered.map((redirect) => redirect.name);
  return (
    <Stack>
      <Text size="sm" data-testid="remove-primary-explained">
        {t('removeDomain.primaryExplained', { count: others.length, name: domain.name, others: others.join(', ') })}
      </Text>
      {others.length > 1 && (
        <Radio.Group label={t('removeDomain.newPrimary')} value={successor} onChange={setSuccessor}>
          <Stack gap={6} mt={6}>
            {others.map((name) => (
              <Radio key={name} value={name} label={name} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('removeDomain.keep')}
        </Button>
        <Button
          color="red"
          h="auto"
          py={6}
          styles={WRAPPING_LABEL}
          loading={promoteAndRemove.isPending}
          onClick={() => promoteAndRemove.mutate({ successor, name: domain.name }, { onSuccess: onClose })}
        >
          {t('removeDomain.promoteAndRemove', { successor, name: domain.name })}
        </Button>
      </Group>
    </Stack>
  );
}

function RemoveOne({
  domain,
  remove,
  onClose,
}: {
  domain: Domain;
  remove: RemoveDomain;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('sites');
  return (
    <Stack>
      <Text size="sm">{t('removeDomain.oneExplained', { name: domain.name })}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('removeDomain.keep')}
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          onClick={() => remove.mutate(domain.name, { onSuccess: onClose })}
        >
          {t('removeDomain.remove')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Removing a domain. A primary that others redirect to cannot simply go (they would point nowhere):
 * the dialog offers to make one of them primary and then remove it, in one step.
 */
export function RemoveDomainModal({
  opened,
  domain,
  domains,
  onClose,
}: {
  opened: boolean;
  domain: Domain | null;
  domains: Domain[];
  onClose: () => void;
}): React.JSX.Element {
  // Held here, not in the step shown: live updates refresh the domains mid-action, and the dialog must still close when it ends.
  const promoteAndRemove = usePromoteAndRemove();
  const remove = useRemoveDomain();
  const redirects = domain?.role === 'primary' ? domains.filter((other) => other.role === 'redirect') : [];
  const removingPrimary = promoteAndRemove.isPending || redirects.length > 0;
  const { t } = useTranslation('sites');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={domain ? t('removeDomain.title', { name: domain.name }) : ''}
    >
      {domain &&
        (removingPrimary ? (
          <RemovePrimary
            key={domain.name}
            domain={domain}
            redirects={redirects}
            promoteAndRemove={promoteAndRemove}
            onClose={onClose}
          />
        ) : (
          <RemoveOne domain={domain} remove={remove} onClose={onClose} />
        ))}
    </Modal>
  );
}
