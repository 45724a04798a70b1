import { DEFAULT_THEME, type ThemeSettings } from '@kampus/shared';
import { Box, Button, ColorInput, Group, Image, isLightColor, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBell, IconBook, IconHome, IconRefresh, IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type ColorKey = keyof typeof DEFAULT_THEME;
/** The eight colours of spec §9, in the order the form shows them. */
export const COLOR_KEYS: ColorKey[] = [
  'primaryColor',
  'secondaryColor',
  'backgroundColor',
  'iconColor',
  'infoColor',
  'successColor',
  'warningColor',
  'dangerColor',
];

/** A company's colours over the defaults: what the app (and the preview) will really show. */
export function effectiveColors(theme: ThemeSettings): Record<ColorKey, string> {
  return Object.fromEntries(COLOR_KEYS.map((key) => [key, theme[key] || DEFAULT_THEME[key]])) as Record<
    ColorKey,
    string
  >;
}

/** Readable text on a coloured surface. An unparseable colour (mid-typing) counts as dark. */
const textOn = (background: string) => (isLightColor(background) ? '#1f2430' : '#ffffff');
/** A half-typed colour must not break the preview: it shows the default until the code is complete. */
const isHex = (value: string) => /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(value);

/** A small mock of the app frame in the chosen colours, so an admin sees the result before saving. */
export function ThemePreview({
  theme,
  companyName,
  logo,
}: {
  theme: ThemeSettings;
  companyName: string;
  logo: string | null;
}) {
  const { t } = useTranslation();
  const chosen = effectiveColors(theme);
  const c = Object.fromEntries(
    COLOR_KEYS.map((key) => [key, isHex(chosen[key]) ? chosen[key] : DEFAULT_THEME[key]]),
  ) as Record<ColorKey, string>;
  const chips: [ColorKey, string][] = [
    ['infoColor', t('settings.preview.info')],
    ['successColor', t('settings.preview.success')],
    ['warningColor', t('settings.preview.warning')],
    ['dangerColor', t('settings.preview.danger')],
  ];
  return (
    <Box
      role="img"
      aria-label={t('settings.preview.label')}
      data-testid="theme-preview"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 12, overflow: 'hidden' }}
    >
      <Group justify="space-between" px="sm" py={8} bg="white" style={{ borderBottom: '1px solid #e9ecef' }}>
        {logo ? (
          <Image src={logo} alt="" h={22} w="auto" />
        ) : (
          <Text fw={700} fz="sm" c="#1f2430">
            {companyName}
          </Text>
        )}
        <IconBell size={18} color={c.iconColor} aria-hidden data-testid="theme-preview-icon" />
      </Group>
      <Group gap={0} align="stretch" wrap="nowrap">
        <Stack gap={4} p={8} w={128} style={{ background: c.secondaryColor }} data-testid="theme-preview-menu">
          {[
            [IconHome, t('settings.preview.home'), true],
            [IconBook, t('settings.preview.trainings'), false],
            [IconTrophy, t('settings.preview.leaders'), false],
          ].map(([Icon, label, active]) => {
            const ItemIcon = Icon as typeof IconHome;
            return (
              <Group
                key={label as string}
                gap={6}
                px={8}
                py={4}
                wrap="nowrap"
                style={{
                  borderRadius: 6,
                  background: active ? c.primaryColor : 'transparent',
                  color: active ? textOn(c.primaryColor) : textOn(c.secondaryColor),
                }}
                data-testid={active ? 'theme-preview-active' : undefined}
              >
                <ItemIcon size={14} color={active ? undefined : c.iconColor} aria-hidden />
                <Text fz={11} inherit>
                  {label as string}
                </Text>
              </Group>
            );
          })}
        </Stack>
        <Stack gap={8} p={10} flex={1} bg="white">
          <Box
            px={10}
            py={8}
            style={{ borderRadius: 8, background: c.backgroundColor, color: textOn(c.backgroundColor) }}
            data-testid="theme-preview-banner"
          >
            <Text fz="xs" fw={600} inherit>
              {t('settings.preview.welcome', { company: companyName })}
            </Text>
          </Box>
          <Group gap={6}>
            {chips.map(([key, label]) => (
              <Box
                key={key}
                px={6}
                py={2}
                style={{ borderRadius: 4, background: c[key], color: textOn(c[key]), fontSize: 10 }}
                data-testid={`theme-preview-${key}`}
              >
                {label}
              </Box>
            ))}
          </Group>
          <Box
            component="span"
            px={12}
            py={4}
            w="fit-content"
            style={{ borderRadius: 6, background: c.primaryColor, color: textOn(c.primaryColor), fontSize: 12 }}
            data-testid="theme-preview-button"
          >
            {t('settings.preview.button')}
          </Box>
        </Stack>
      </Group>
    </Box>
  );
}

interface ThemeColorsFieldsProps {
  value: ThemeSettings;
  onChange: (next: ThemeSettings) => void;
  /** Field errors keyed as the form holds them (`theme_settings.primaryColor`). */
  errors: Record<string, string | undefined>;
}

/** The eight colours with colour pickers; an untouched colour shows (and keeps) the default of spec §9. */
export function ThemeColorsFields({ value, onChange, errors }: ThemeColorsFieldsProps) {
  const { t } = useTranslation();
  const colors = effectiveColors(value);
  const resetColors = () => {
    const rest = { ...value };
    for (const key of COLOR_KEYS) delete rest[key];
    onChange(rest);
  };
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        {COLOR_KEYS.map((key) => (
          <ColorInput
            key={key}
            label={t(`settings.colors.${key}`)}
            value={colors[key]}
            onChange={(next) => onChange({ ...value, [key]: next })}
            error={errors[`theme_settings.${key}`]}
            format="hex"
            withEyeDropper={false}
            swatches={[DEFAULT_THEME[key]]}
            name={`theme_settings.${key}`}
            data-testid={`color-${key}`}
          />
        ))}
      </SimpleGrid>
      <Button
        variant="subtle"
        size="xs"
        w="fit-content"
        leftSection={<IconRefresh size={14} aria-hidden />}
        onClick={resetColors}
        data-testid="colors-reset"
      >
        {t('settings.colors_reset')}
      </Button>
    </Stack>
  );
}

const SOCIAL_KEYS = ['linkedinLink', 'instagramLink', 'facebookLink', 'youtubeLink'] as const;

/** The footer's social links (spec §2.9), kept in theme_settings beside the colours. */
export function SocialLinksFields({ value, onChange, errors }: ThemeColorsFieldsProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      {SOCIAL_KEYS.map((key) => (
        <TextLinkInput
          key={key}
          name={key}
          label={t(`settings.social.${key}`)}
          value={value[key] ?? ''}
          error={errors[`theme_settings.${key}`]}
          onChange={(next) => onChange({ ...value, [key]: next })}
        />
      ))}
    </SimpleGrid>
  );
}

function TextLinkInput(props: {
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label={props.label}
      name={`theme_settings.${props.name}`}
      type="url"
      placeholder="https://"
      value={props.value}
      error={props.error}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      data-testid={`social-${props.name}`}
    />
  );
}
