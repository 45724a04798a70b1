import type { CategoryIcon as CategoryIconName, EducationCard, EducationEnrolment } from '@kampus/shared';
import { AspectRatio, Image, Progress, RingProgress, Stack, Text } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_ICON_COMPONENTS } from '../category-icons.js';

/** A category's icon; the category's name beside it names it, so the icon is hidden from assistive technology. */
export function CategoryIcon({ icon, size = 18 }: { icon: CategoryIconName; size?: number }) {
  const Icon = CATEGORY_ICON_COMPONENTS[icon] ?? IconSchool;
  return <Icon size={size} stroke={1.7} aria-hidden />;
}

/** A cover's colour when there is no image: stable per category icon, so a category keeps its look. */
const COVER_COLORS = ['indigo', 'teal', 'grape', 'cyan', 'orange', 'blue', 'pink', 'lime'] as const;
function coverColor(icon: CategoryIconName | null): string {
  if (!icon) return 'indigo';
  let hash = 0;
  for (const char of icon) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COVER_COLORS[hash % COVER_COLORS.length] ?? 'indigo';
}

/**
 * An education's picture, or its category's icon on a tinted face when it has none. Decorative: the title names it.
 * Covers are drawn 16:9, so a card shows them whole at that ratio; a fixed height crops them.
 */
export function EducationCover({
  image,
  icon,
  height,
  radius,
}: {
  image: string | null;
  icon: CategoryIconName | null;
  /** A fixed height, or `ratio` for the cover's own 16:9. */
  height: number | string | 'ratio';
  radius?: string;
}) {
  if (height === 'ratio')
    return (
      <AspectRatio ratio={16 / 9}>
        <EducationCover image={image} icon={icon} height="100%" radius={radius} />
      </AspectRatio>
    );
  if (image) return <Image src={image} alt="" h={height} fit="cover" radius={radius} />;
  const color = coverColor(icon);
  return (
    <Stack
      h={height}
      align="center"
      justify="center"
      bg={`var(--mantine-color-${color}-light)`}
      c={`var(--mantine-color-${color}-light-color)`}
      style={{ borderRadius: radius ? `var(--mantine-radius-${radius})` : undefined }}
      aria-hidden
    >
      <CategoryIcon icon={icon ?? 'school'} size={44} />
    </Stack>
  );
}

/** What a card's one button does for this learner now. */
export type CardAction = 'enrol' | 'view' | 'start' | 'continue' | 'review';

export function cardAction(card: Pick<EducationCard, 'enrolment' | 'can_enrol'>): CardAction {
  const enrolment = card.enrolment;
  if (!enrolment) return card.can_enrol ? 'enrol' : 'view';
  if (enrolment.status === 'completed') return 'review';
  return enrolment.status === 'in_progress' ? 'continue' : 'start';
}

/** A rate as a whole percent (the server keeps decimals). */
export const wholeRate = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/** The learner's progress as a bar and its percentage; the bar is named after what it measures. */
export function RateBar({ enrolment, label }: { enrolment: EducationEnrolment; label: string }) {
  const { t } = useTranslation();
  const value = wholeRate(enrolment.finished_rate);
  return (
    <Stack gap={4}>
      <Progress
        value={value}
        color={enrolment.status === 'completed' ? 'green' : undefined}
        aria-label={label}
        size="sm"
        radius="xl"
      />
      <Text fz="xs" c="dimmed" data-testid="rate-text">
        {t('learner.rate', { value })}
      </Text>
    </Stack>
  );
}

/** The finished rate as a ring with its percentage inside. */
export function RateRing({ value, size = 120, completed }: { value: number; size?: number; completed?: boolean }) {
  const { t } = useTranslation();
  const rate = wholeRate(value);
  return (
    <RingProgress
      size={size}
      thickness={size / 10}
      roundCaps
      sections={[{ value: rate, color: completed ? 'green' : 'indigo' }]}
      label={
        <Text ta="center" fw={700} fz={size >= 100 ? 'xl' : 'sm'} data-testid="finished-rate">
          {t('learner.percent', { value: rate })}
        </Text>
      }
    />
  );
}
