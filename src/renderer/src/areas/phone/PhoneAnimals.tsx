import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { recordHref } from '../../ui/navigation';
import { useAnimals } from './queries';
import { TOUCH } from './touch';

/** The animals the member may open, one tap each: a foster's are those placed with them (the engine keeps the rest). */
export function PhoneAnimals(): React.JSX.Element {
  const { t } = useTranslation('phone');
  const animals = useAnimals();
  if (animals.isPending) return <Loader aria-label={t('loading')} />;
  if (animals.isError)
    return (
      <Alert color="red" title={t('loadFailed')}>
        <Button {...TOUCH} mt="sm" onClick={() => void animals.refetch()}>
          {t('tryAgain')}
        </Button>
      </Alert>
    );
  return (
    <Stack gap="sm" data-testid="phone-animals">
      <Title order={1} size="h2">
        {t('animals.title')}
      </Title>
      {animals.data.pets.length === 0 && <Text>{t('animals.empty')}</Text>}
      {animals.data.pets.map((pet) => (
        <Button
          key={pet.id}
          {...TOUCH}
          component="a"
          href={recordHref('pets', pet.id)}
          variant="default"
          justify="flex-start"
          aria-label={t('animals.open', { name: pet.name })}
        >
          {pet.name}
        </Button>
      ))}
    </Stack>
  );
}
