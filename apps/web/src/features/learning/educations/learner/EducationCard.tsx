import type { EducationCard } from '@kampus/shared';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarDue, IconClock, IconEye, IconPlayerPlay, IconPlus, IconRotate } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLongDate } from '../../../../lib/dates.js';
import { educationPlayerPath } from '../../player/paths.js';
import { useEnrol } from './api.js';
import { educationDetailPath } from './paths.js';
import { type CardAction, CategoryIcon, cardAction, EducationCover, RateBar } from './visuals.js';

/** Minutes as the learner reads a length: "45 dk", "1 sa 30 dk". */
export function useDuration() {
  const { t } = useTranslation();
  return (minutes: number) => {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (hours === 0) return t('learner.duration.minutes', { count: rest });
    if (rest === 0) return t('learner.duration.hours', { count: hours });
    return t('learner.duration.hours_minutes', { hours, minutes: rest });
  };
}

const ACTION_ICONS: Record<CardAction, ReactNode> = {
  enrol: <IconPlus size={16} aria-hidden />,
  view: <IconEye size={16} aria-hidden />,
  start: <IconPlayerPlay size={16} aria-hidden />,
  continue: <IconPlayerPlay size={16} aria-hidden />,
  review: <IconRotate size={16} aria-hidden />,
};

/**
 * The card's one button: enrol in what is open, start, continue or review in the player, or look at the detail.
 * Its accessible name carries the title, since a grid holds many buttons with the same text.
 */
export function EducationAction({
  card,
  fullWidth = true,
  size = 'sm',
}: {
  card: Pick<EducationCard, 'id' | 'title' | 'enrolment' | 'can_enrol'>;
  fullWidth?: boolean;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation();
  const enrol = useEnrol();
  const action = cardAction(card);
  const label = t(`learner.action.${action}`);
  const common = {
    fullWidth,
    size,
    leftSection: ACTION_ICONS[action],
    'aria-label': `${label}: ${card.title}`,
    'data-testid': 'education-action',
    'data-action': action,
  };
  if (action === 'enrol') {
    const submit = () =>
      enrol.mutate(card.id, {
        onSuccess: () =>
          notifications.show({ color: 'success', message: t('learner.enrolled', { title: card.title }) }),
        onError: (error) =>
          notifications.show({
            color: 'danger',
            message: error instanceof Error ? error.message : t('learner.enrol_failed'),
          }),
      });
    return (
      <Button {...common} onClick={submit} loading={enrol.isPending}>
        {label}
      </Button>
    );
  }
  const to = action === 'view' ? educationDetailPath(card.id) : educationPlayerPath(card.id);
  return (
    <Button
      {...common}
      component={Link}
      to={to}
      variant={action === 'review' || action === 'view' ? 'light' : 'filled'}
    >
      {label}
    </Button>
  );
}

/** The meta line: category, length, parts. */
export function EducationMeta({ card }: { card: EducationCard }) {
  const { t } = useTranslation();
  const duration = useDuration();
  return (
    <Group gap={6} wrap="wrap">
      {card.category && (
        <Badge variant="default" leftSection={<CategoryIcon icon={card.category.icon} size={12} />} maw="100%">
          {card.category.name}
        </Badge>
      )}
      {card.estimated_minutes ? (
        <Group gap={4} c="dimmed">
          <IconClock size={14} aria-hidden />
          <Text fz="xs">{duration(card.estimated_minutes)}</Text>
        </Group>
      ) : null}
      <Text fz="xs" c="dimmed">
        {t('learner.parts_count', { count: card.parts_count })}
      </Text>
      {card.can_request && (
        <Badge variant="light" color="violet" data-testid="education-on-request">
          {t('trainingRequest.on_request')}
        </Badge>
      )}
    </Group>
  );
}

/** "Son tarih: 15 Aralık 2026" when the learner was given a due date. */
export function DueLine({ due }: { due: string | null | undefined }) {
  const { t, i18n } = useTranslation();
  if (!due) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="education-due">
      {/* The icon carries the colour; the text keeps the body colour (an orange text fails WCAG AA). */}
      <IconCalendarDue size={14} color="var(--mantine-color-orange-7)" aria-hidden />
      <Text fz="xs" fw={500}>
        {t('learner.due', { date: formatLongDate(due, i18n.language) })}
      </Text>
    </Group>
  );
}

/**
 * An education as a card (catalogue, my educations, the home page): cover, category, title to the detail page,
 * the learner's progress when enrolled, a due date when given, and the one next step.
 */
export function EducationCardView({ card, headingLevel = 3 }: { card: EducationCard; headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation();
  const detail = educationDetailPath(card.id);
  return (
    <Card withBorder radius="lg" padding="md" data-testid="education-card" data-id={card.id} h="100%">
      <Card.Section component={Link} to={detail} tabIndex={-1} aria-hidden>
        <EducationCover image={card.image_url} icon={card.category?.icon ?? null} height="ratio" />
      </Card.Section>
      <Stack gap="xs" mt="sm" style={{ flex: 1 }}>
        <EducationMeta card={card} />
        <Title order={headingLevel} fz="md" lineClamp={2}>
          <Anchor
            component={Link}
            to={detail}
            c="inherit"
            fw={600}
            underline="hover"
            data-testid="education-card-title"
          >
            {card.title}
          </Anchor>
        </Title>
        {card.sub_title && (
          <Text fz="sm" c="dimmed" lineClamp={2}>
            {card.sub_title}
          </Text>
        )}
        <DueLine due={card.enrolment?.due_at} />
        <Stack gap="xs" mt="auto">
          {card.enrolment && (
            <RateBar enrolment={card.enrolment} label={t('learner.progress_of', { title: card.title })} />
          )}
          <EducationAction card={card} />
        </Stack>
      </Stack>
    </Card>
  );
}
