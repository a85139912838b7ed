import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../shared/shelter';
import { useSetLanguage, useTeam } from '../client/staff';
import { showLanguage } from '../i18n/i18n';
import { isWindowLanguage, rememberPicked, WINDOW_LANGUAGES, type WindowLanguage } from '../i18n/languages';

/**
 * The window's language, in the header and on the login page: shown at once, and kept with the
 * member (or the desk) when someone is calling; before logging in, for this tab until a member's is known.
 */
export function LanguageMenu(): React.JSX.Element {
  const { t, i18n } = useTranslation();
  const caller = useTeam().data?.caller ?? 'nobody';
  const setLanguage = useSetLanguage();
  const shown = isWindowLanguage(i18n.language) ? i18n.language : null;

  const pick = (language: WindowLanguage) => {
    rememberPicked(language);
    void showLanguage(language);
    if (caller !== 'nobody') setLanguage.mutate({ language });
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          px="xs"
          leftSection={<IconLanguage size={18} aria-hidden />}
          aria-label={t('language.menu')}
          data-testid="language-menu"
        >
          {shown ? shown.toUpperCase() : t('language.pseudo')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {WINDOW_LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => pick(language)}
            rightSection={language === shown ? <IconCheck size={14} aria-hidden /> : null}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
