import { CATEGORY_ICONS, type CategoryIcon as CategoryIconName } from '@kampus/shared';
import { Input, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CATEGORY_ICON_COMPONENTS } from './CategoryIcon.js';

/**
 * The icon of a category: one of `CATEGORY_ICONS`, chosen as a radio group of cards (arrow keys move between them,
 * each named for screen readers), so the choice is seen, not typed.
 */
export function IconPicker({
  value,
  onChange,
  error,
}: {
  value: CategoryIconName;
  onChange: (icon: CategoryIconName) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value}
      onChange={(next) => onChange(next as CategoryIconName)}
      label={t('educationCategories.fields.icon')}
      error={error}
      data-testid="category-icon-picker"
    >
      <SimpleGrid cols={{ base: 4, xs: 6, sm: 8 }} spacing="xs" mt="xs">
        {CATEGORY_ICONS.map((icon) => {
          const Component = CATEGORY_ICON_COMPONENTS[icon];
          const checked = icon === value;
          return (
            <Radio.Card
              key={icon}
              value={icon}
              radius="md"
              p="xs"
              aria-label={t(`educationCategories.icons.${icon}`)}
              data-testid={`category-icon-${icon}`}
              style={{
                borderColor: checked ? 'var(--mantine-primary-color-filled)' : undefined,
                background: checked ? 'var(--mantine-primary-color-light)' : undefined,
              }}
            >
              <Stack gap={2} align="center">
                <Component size={24} aria-hidden />
                <Text fz={10} c="dimmed" ta="center" lineClamp={1} aria-hidden>
                  {t(`educationCategories.icons.${icon}`)}
                </Text>
              </Stack>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
      <Input.Description mt={4}>{t('educationCategories.icon_hint')}</Input.Description>
    </Radio.Group>
  );
}
