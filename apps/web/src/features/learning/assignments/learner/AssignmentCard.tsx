import type { LearnerAssignmentCard } from '@kampus/shared';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { assignmentDetailPath } from './paths.js';
import {
  AssigneeStatusBadge,
  AssignmentCover,
  DueDate,
  ITEM_TYPE_ICONS,
  itemAction,
  MandatoryBadge,
  NS,
  ProgressLine,
} from './visuals.js';

/**
 * The card's one next step: the first item not completed yet, started or continued where it lives; once every item is
 * completed, the assignment's own page.
 */
function CardAction({ card }: { card: LearnerAssignmentCard }) {
  const { t } = useTranslation();
  const next = card.next_item;
  if (!next)
    return (
      <Button
        component={Link}
        to={assignmentDetailPath(card.id)}
        variant="light"
        fullWidth
        leftSection={<IconEye size={16} aria-hidden />}
        aria-label={`${t(`${NS}.action.view`)}: ${card.name}`}
        data-testid="assignment-action"
        data-action="view"
      >
        {t(`${NS}.action.view`)}
      </Button>
    );
  const action = itemAction(next);
  return (
    <Button
      component={Link}
      to={next.path}
      fullWidth
      leftSection={<IconPlayerPlay size={16} aria-hidden />}
      aria-label={`${t(`${NS}.action.${action}`)}: ${next.title}`}
      data-testid="assignment-action"
      data-action={action}
    >
      {t(`${NS}.action.${action}`)}
    </Button>
  );
}

/** An assignment as a card on /my-assignment: cover, badges, name to the detail, due date, progress, next step. */
export function AssignmentCardView({ card }: { card: LearnerAssignmentCard }) {
  const { t } = useTranslation();
  const detail = assignmentDetailPath(card.id);
  const completed = card.status === 'completed';
  return (
    <Card withBorder radius="lg" padding="md" data-testid="assignment-card" data-id={card.id} h="100%">
      <Card.Section component={Link} to={detail} tabIndex={-1} aria-hidden>
        <AssignmentCover image={card.image_url} />
      </Card.Section>
      <Stack gap="xs" mt="sm" style={{ flex: 1 }}>
        <Group gap={6}>
          {card.mandatory && <MandatoryBadge />}
          <AssigneeStatusBadge status={card.status} />
        </Group>
        <Title order={2} fz="md" lineClamp={2}>
          <Anchor component={Link} to={detail} c="inherit" data-testid="assignment-card-title">
            {card.name}
          </Anchor>
        </Title>
        <Text fz="xs" c="dimmed">
          {t(`${NS}.items_count`, { count: card.items_count })}
        </Text>
        {!completed && <DueDate end={card.end_date} overdue={card.status === 'overdue'} />}
        {card.next_item && (
          <Group gap={6} wrap="nowrap" c="dimmed">
            {ITEM_TYPE_ICONS[card.next_item.type]}
            <Text fz="xs" lineClamp={1} c="var(--mantine-color-text)">
              {t(`${NS}.next_item`, { title: card.next_item.title })}
            </Text>
          </Group>
        )}
        <Stack gap="sm" mt="auto">
          <ProgressLine
            value={card.progress}
            label={t(`${NS}.progress_of`, { name: card.name })}
            completed={completed}
          />
          <CardAction card={card} />
        </Stack>
      </Stack>
    </Card>
  );
}
