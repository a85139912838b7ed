import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LETS_ENCRYPT_DIRECTORIES } from '../../../../shared/admin-schemas';

type Choice = keyof typeof LETS_ENCRYPT_DIRECTORIES | 'other';

function choiceOf(url: string): Choice {
  if (url.trim() === LETS_ENCRYPT_DIRECTORIES.staging) return 'staging';
  if (url.trim() === LETS_ENCRYPT_DIRECTORIES.production) return 'production';
  return 'other';
}

/** Let's Encrypt staging (the default), production in one click, or another CA's directory. */
export function AcmeDirectoryChoice({
  value,
  onChange,
}: {
  value: string;
  onChange: (url: string) => void;
}): React.JSX.Element {
  const { t } = useTranslation('server');
  const choice = choiceOf(value);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="acme-directory-choice">
        {t('acme.authority')}
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
          { value: 'staging', label: t('acme.staging') },
          { value: 'production', label: t('acme.production') },
          { value: 'other', label: t('acme.other') },
        ]}
      />
      <Text size="xs" c="dimmed" data-testid="acme-directory-says">
        {t(`acme.says.${choice}`)}
      </Text>
    </Stack>
  );
}
