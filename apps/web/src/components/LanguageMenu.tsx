import { LOCALES, type Locale } from '@kampus/shared';
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { http } from '../lib/api.js';
import { sessionStore } from '../lib/session.js';
import { STORAGE_KEYS, storage } from '../lib/storage.js';
import { Flag } from './Flag.js';

/**
 * A dropdown of flags showing every language except the current one (spec §2.6). Choosing one stores the code,
 * tells the server when signed in, and reloads the current route either way (spec §7).
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = i18n.language as Locale;

  async function choose(code: Locale) {
    await storage.set(STORAGE_KEYS.language, code);
    if (sessionStore.isAuthenticated()) await http.post('api/user/change-language', { code }).catch(() => undefined);
    window.location.reload();
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* The accessible name starts with the code written on the button (WCAG 2.5.3 label in name). */}
        <Button
          variant="subtle"
          size="compact-md"
          aria-label={`${current.toUpperCase()}, ${t('nav.language')}`}
          data-testid="language-menu"
        >
          <Flag code={current} />
          &nbsp;{current.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.filter((code) => code !== current).map((code) => (
          <Menu.Item
            key={code}
            onClick={() => choose(code)}
            data-testid={`language-${code}`}
            lang={code}
            leftSection={<Flag code={code} />}
          >
            {t(`languages.${code}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
