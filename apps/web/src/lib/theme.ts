import { type CompanySettingEntry, DEFAULT_THEME, type ThemeSettings } from '@kampus/shared';
import { type CSSVariablesResolver, createTheme, darken, lighten, type MantineColorsTuple } from '@mantine/core';

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

/** Ten shades around a base colour, lightest first, the base at index 6 (Mantine's primary shade). */
export function shades(base: string): MantineColorsTuple {
  const lights = [0.9, 0.78, 0.62, 0.46, 0.3, 0.14].map((amount) => lighten(base, amount));
  const darks = [0.12, 0.24, 0.36].map((amount) => darken(base, amount));
  return [...lights, base, ...darks] as unknown as MantineColorsTuple;
}

/** `closeLabel` names every toast's close button, which otherwise has no accessible name. */
export function companyTheme(settings: CompanySettingEntry[] | undefined, closeLabel = 'Kapat') {
  const c = themeColors(settings);
  return createTheme({
    components: {
      // A close button shows only an ×: screen readers need its name (confirm modals of @mantine/modals included).
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
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
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
