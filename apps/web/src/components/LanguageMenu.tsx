import type { Locale } from '@kampus/shared';
import { Box, Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChunk } from '../lib/lazy.js';
import { Flag } from './Flag.js';

const loadDropdown = () => loadChunk(() => import('./LanguageDropdown.js'));
const LanguageDropdown = lazy(loadDropdown);

/**
 * A dropdown of flags showing every language except the current one (spec §2.6). The button is part of the page;
 * the menu (Mantine's floating menu, 27 kB gz) loads when the pointer or the focus comes to the button, and opens
 * on the first click (issue 11: not on the sign-in page's path).
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = i18n.language as Locale;
  const [wanted, setWanted] = useState(false);
  const preload = () => void loadDropdown().catch(() => undefined);

  // The accessible name starts with the code written on the button (WCAG 2.5.3 label in name).
  const button = (
    <Button
      variant="subtle"
      size="compact-md"
      aria-label={`${current.toUpperCase()}, ${t('nav.language')}`}
      aria-haspopup="menu"
      data-testid="language-menu"
      onPointerEnter={wanted ? undefined : preload}
      onFocus={wanted ? undefined : preload}
      onClick={wanted ? undefined : () => setWanted(true)}
    >
      <Flag code={current} />
      {/* On a phone the flag alone: the header's tools leave the company's name room. */}
      <Box component="span" visibleFrom="sm">
        &nbsp;{current.toUpperCase()}
      </Box>
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageDropdown trigger={button} current={current} />
    </Suspense>
  );
}
