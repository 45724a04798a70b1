import { GIFT_TYPE_NAMES, type GiftType } from '@kampus/shared';
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCircleDot, IconLayoutGrid, IconShirt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec §3: the product types' icons, 1 clothing (a shirt), 2 squares, 3 ring. */
export const GIFT_TYPE_ICONS = { 1: IconShirt, 2: IconLayoutGrid, 3: IconCircleDot } as const;
const COLORS = { 1: 'blue', 2: 'grape', 3: 'orange' } as const;

/** The type's icon in a small tinted badge; with `label`, its name beside it. */
export function GiftTypeIcon({
  type,
  label = false,
  size = 'md',
}: {
  type: GiftType;
  label?: boolean;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const Icon = GIFT_TYPE_ICONS[type];
  const name = t(`gifts.types.${type}`);
  const icon = (
    <ThemeIcon
      variant="light"
      color={COLORS[type]}
      size={size === 'sm' ? 'sm' : 'md'}
      radius="xl"
      role={label ? undefined : 'img'}
      aria-label={label ? undefined : name}
      data-testid="gift-type"
      data-type={GIFT_TYPE_NAMES[type]}
    >
      <Icon size={size === 'sm' ? 14 : 16} aria-hidden />
    </ThemeIcon>
  );
  if (!label) return icon;
  return (
    <Group gap={6} wrap="nowrap">
      {icon}
      <Text fz="sm">{name}</Text>
    </Group>
  );
}
