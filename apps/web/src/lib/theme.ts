import { type CompanySettingEntry, DEFAULT_THEME, type ThemeSettings } from '@kampus/shared';
import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  lighten,
  luminance,
  type MantineColorsTuple,
} from '@mantine/core';

export function settingValue<T>(settings: CompanySettingEntry[] | undefined, key: string): T | undefined {
  return settings?.find((entry) => entry.key === key)?.value as T | undefined;
}

/** The company's colours over the defaults of spec §9. */
export function themeColors(
  settings: CompanySettingEntry[] | undefined,
): Required<Pick<ThemeSettings, keyof typeof DEFAULT_THEME>> {
  const custom = settingValue<ThemeSettings>(settings, 'theme_settings') ?? {};
  const colors = { ...DEFAULT_THEME } as Record<keyof typeof DEFAULT_THEME, string>;
  for (const key of Object.keys(DEFAULT_THEME) as (keyof typeof DEFAULT_THEME)[]) {
    if (custom[key]) colors[key] = custom[key] as string;
  }
  return colors;
}

/** White text on a colour reads at WCAG AA (4.5:1) while the colour's relative luminance stays at or below this. */
const WHITE_TEXT_MAX_LUMINANCE = 1.05 / 4.5 - 0.05;

/**
 * The colour itself when white text on it is readable, else the colour darkened just enough: a company's light red or
 * green stays recognisable, and a filled button or badge in it still passes AA.
 */
export function readableUnderWhite(color: string): string {
  let readable = color;
  for (let amount = 0.04; luminance(readable) > WHITE_TEXT_MAX_LUMINANCE && amount < 1; amount += 0.04) {
    readable = darken(color, amount);
  }
  return readable;
}

/**
 * Ten shades around a base colour, lightest first; index 6 (Mantine's primary shade, what filled buttons and coloured
 * text use) is the base made readable under white text, and the darker ones follow from it.
 */
export function shades(base: string): MantineColorsTuple {
  const lights = [0.9, 0.78, 0.62, 0.46, 0.3, 0.14].map((amount) => lighten(base, amount));
  const filled = readableUnderWhite(base);
  const darks = [0.12, 0.24, 0.36].map((amount) => darken(filled, amount));
  return [...lights, filled, ...darks] as unknown as MantineColorsTuple;
}

/** `closeLabel` names every toast's close button, which otherwise has no accessible name. */
export function companyTheme(settings: CompanySettingEntry[] | undefined, closeLabel = 'Kapat') {
  const c = themeColors(settings);
  return createTheme({
    components: {
      // A close button shows only an ×: screen readers need its name (confirm modals of @mantine/modals included).
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': closeLabel } },
        // Under a title Mantine greys the text at gray-6, below AA on white; the app's dimmed grey (gray-7) reads, and
        // a toast without a title shows it too (one static style: the sign-in page's budget counts every byte).
        styles: { description: { color: 'var(--mantine-color-dimmed)' } },
      },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
    },
    primaryColor: 'brand',
    primaryShade: 6,
    // Someone who asked their system for less motion gets menus, modals and toasts without animation.
    respectReducedMotion: true,
    colors: {
      brand: shades(c.primaryColor),
      danger: shades(c.dangerColor),
      success: shades(c.successColor),
      warning: shades(c.warningColor),
      info: shades(c.infoColor),
    },
    other: c,
    defaultRadius: 'md',
    fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  });
}

/** Mantine's dimmed grey is below WCAG AA contrast on white and on the brand tint; the app uses a darker one. */
export const accessibleColors: CSSVariablesResolver = () => ({
  variables: {},
  // Field errors in the company's danger colour, at its readable shade (Mantine's own red is below AA on white).
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-danger-6)',
  },
  dark: {},
});
