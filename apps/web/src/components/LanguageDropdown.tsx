import { LOCALES, type Locale } from '@kampus/shared';
import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberStartLanguage } from '../app/boot.js';
import { http } from '../lib/api.js';
import { sessionStore } from '../lib/session.js';
import { STORAGE_KEYS, storage } from '../lib/storage.js';
import { Flag } from './Flag.js';

/** Stores the choice, tells the server when signed in, and reloads the current route either way (spec §7). */
async function choose(code: Locale) {
  await storage.set(STORAGE_KEYS.language, code);
  rememberStartLanguage(code);
  if (sessionStore.isAuthenticated()) await http.post('api/user/change-language', { code }).catch(() => undefined);
  window.location.reload();
}

/** LanguageMenu's dropdown around its button, loaded with Mantine's floating menu when first wanted. */
export default function LanguageDropdown({ trigger, current }: { trigger: ReactElement; current: Locale }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>{trigger}</Menu.Target>
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
