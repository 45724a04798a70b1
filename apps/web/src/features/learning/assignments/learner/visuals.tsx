import type { AssigneeStatus, AssignmentItemType, LearnerAssignmentItem } from '@kampus/shared';
import { AspectRatio, Badge, Group, Image, Progress, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBook2,
  IconCalendarDue,
  IconClipboardCheck,
  IconClipboardList,
  IconRoute,
  IconSchool,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../../lib/dates.js';

export const NS = 'assignmentLearner';

/** What an item's (or a card's) one button says: start what is untouched, continue what is under way, else review. */
export type ItemAction = 'start' | 'continue' | 'review';

export function itemAction(item: Pick<LearnerAssignmentItem, 'status'>): ItemAction {
  if (item.status === 'completed') return 'review';
  return item.status === 'in_progress' ? 'continue' : 'start';
}

export const ITEM_TYPE_ICONS: Record<AssignmentItemType, ReactNode> = {
  education: <IconSchool size={18} aria-hidden />,
  program: <IconRoute size={18} aria-hidden />,
  content: <IconBook2 size={18} aria-hidden />,
  survey: <IconClipboardList size={18} aria-hidden />,
  exam: <IconClipboardCheck size={18} aria-hidden />,
};

/** The assignment's picture, or its icon on a tinted face; decorative, the name names it. Drawn 16:9. */
export function AssignmentCover({ image, radius }: { image: string | null; radius?: string }) {
  return (
    <AspectRatio ratio={16 / 9}>
      {image ? (
        <Image src={image} alt="" fit="cover" radius={radius} />
      ) : (
        <Stack
          align="center"
          justify="center"
          bg="var(--mantine-color-indigo-light)"
          c="var(--mantine-color-indigo-light-color)"
          style={{ borderRadius: radius ? `var(--mantine-radius-${radius})` : undefined }}
          aria-hidden
        >
          <IconClipboardList size={44} stroke={1.7} />
        </Stack>
      )}
    </AspectRatio>
  );
}

const STATUS_COLORS: Record<AssigneeStatus, string> = {
  not_started: 'gray',
  in_progress: 'blue',
  completed: 'green',
  overdue: 'red',
  cancelled: 'gray',
};

/** The learner's state in the assignment, in words. */
export function AssigneeStatusBadge({ status }: { status: AssigneeStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="dot" data-testid="assignment-status">
      {t(`${NS}.status.${status}`)}
    </Badge>
  );
}

export function MandatoryBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="red.9" variant="filled" data-testid="assignment-mandatory">
      {t(`${NS}.mandatory`)}
    </Badge>
  );
}

/** By when: the end date, and a warning look once it has passed without completion. */
export function DueDate({ end, overdue }: { end: string; overdue: boolean }) {
  const { t, i18n } = useTranslation();
  const Icon = overdue ? IconAlertTriangle : IconCalendarDue;
  return (
    <Group gap={4} wrap="nowrap" data-testid="assignment-due" data-overdue={overdue}>
      {/* The icon carries the colour; the text keeps the body colour (a coloured small text fails WCAG AA). */}
      <Icon size={14} color={`var(--mantine-color-${overdue ? 'red' : 'orange'}-7)`} aria-hidden />
      <Text fz="xs" fw={500}>
        {t(overdue ? `${NS}.overdue_since` : `${NS}.due`, { date: formatDay(end, i18n.language) })}
      </Text>
    </Group>
  );
}

/** Progress 0–100 as a bar with its number; the bar is named after what it measures. */
export function ProgressLine({ value, label, completed }: { value: number; label: string; completed?: boolean }) {
  const { t } = useTranslation();
  const rate = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <Stack gap={4}>
      <Progress value={rate} color={completed ? 'green' : undefined} aria-label={label} size="sm" radius="xl" />
      <Text fz="xs" c="dimmed" data-testid="assignment-progress">
        {t(`${NS}.percent`, { value: rate })}
      </Text>
    </Stack>
  );
}
