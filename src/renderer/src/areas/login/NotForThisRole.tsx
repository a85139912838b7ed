import { Alert, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { ROLE_WORDS, useTeam } from '../../client/staff';

/** A page the caller's role may not open (an old link, a bookmark): said once, instead of every call's refusal. */
export function NotForThisRole(): React.JSX.Element {
  const me = useTeam().data?.me;
  return (
    <Stack maw={640}>
      <Alert
        color="orange"
        variant="light"
        icon={<IconLock />}
        title="Not open to your role"
        data-testid="not-for-this-role"
      >
        {me
          ? `As ${ROLE_WORDS[me.role].toLowerCase()}, ${me.name} cannot open this page.`
          : 'This page is not open to you.'}{' '}
        The pages you can open are in the list on the left; an owner of the team can change your role.
      </Alert>
    </Stack>
  );
}
