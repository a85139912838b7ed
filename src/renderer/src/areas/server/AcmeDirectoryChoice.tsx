import { SegmentedControl, Stack, Text } from '@mantine/core';
import { LETS_ENCRYPT_DIRECTORIES } from '../../../../shared/admin-schemas';

type Choice = keyof typeof LETS_ENCRYPT_DIRECTORIES | 'other';

function choiceOf(url: string): Choice {
  if (url.trim() === LETS_ENCRYPT_DIRECTORIES.staging) return 'staging';
  if (url.trim() === LETS_ENCRYPT_DIRECTORIES.production) return 'production';
  return 'other';
}

const SAYS: Record<Choice, string> = {
  staging: 'Staging: far higher limits, certificates browsers do not trust. Try everything here first.',
  production: 'Production: trusted certificates, strict limits (5 failed validations per domain an hour).',
  other: 'Another ACME CA (a test CA such as Pebble): type its directory URL below.',
};

/** Let's Encrypt staging (the default), production in one click, or another CA's directory. */
export function AcmeDirectoryChoice({
  value,
  onChange,
}: {
  value: string;
  onChange: (url: string) => void;
}): React.JSX.Element {
  const choice = choiceOf(value);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="acme-directory-choice">
        Certificate authority
      </Text>
      <SegmentedControl
        aria-labelledby="acme-directory-choice"
        data-testid="acme-directory-choice"
        fullWidth
        value={choice}
        onChange={(next) =>
          onChange(
            next === 'other'
              ? choice === 'other'
                ? value
                : ''
              : LETS_ENCRYPT_DIRECTORIES[next as keyof typeof LETS_ENCRYPT_DIRECTORIES],
          )
        }
        data={[
          { value: 'staging', label: 'Let’s Encrypt staging' },
          { value: 'production', label: 'Let’s Encrypt production' },
          { value: 'other', label: 'Another CA' },
        ]}
      />
      <Text size="xs" c="dimmed" data-testid="acme-directory-says">
        {SAYS[choice]}
      </Text>
    </Stack>
  );
}
