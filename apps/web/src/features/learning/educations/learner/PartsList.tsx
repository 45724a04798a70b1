import type { LearnerPart } from '@kampus/shared';
import { Badge, Group, Paper, Progress, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentTypeIcon } from '../../content/ContentType.js';
import { durationMinutes } from '../../player/durations.js';
import { wholeRate } from './visuals.js';

/** The part's state as the learner reads it: a lock, a tick, or how far they are. */
function PartState({ part }: { part: LearnerPart }) {
  const { t } = useTranslation();
  // Done stays done: a completed part shows its tick even while an earlier one holds it locked.
  if (part.status === 'completed')
    return (
      <ThemeIcon
        variant="light"
        color="green"
        radius="xl"
        size={28}
        role="img"
        aria-label={t('learner.part.completed')}
      >
        <IconCircleCheck size={18} aria-hidden />
      </ThemeIcon>
    );
  if (part.locked)
    return (
      <ThemeIcon
        variant="light"
        color="gray"
        radius="xl"
        size={28}
        role="img"
        aria-label={t('learner.part.locked')}
        data-testid="part-locked"
      >
        <IconLock size={16} aria-hidden />
      </ThemeIcon>
    );
  // A classroom part has no percentage: its session picker says where the learner stands.
  if (part.type === 'classroom') return null;
  const value = wholeRate(part.progress);
  return (
    <Text fz="xs" fw={600} miw={36} ta="right">
      {t('learner.percent', { value })}
    </Text>
  );
}

function PartBody({ part, index, current }: { part: LearnerPart; index: number; current?: boolean }) {
  const { t } = useTranslation();
  const value = wholeRate(part.progress);
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      {part.content_type ? (
        <ContentTypeIcon type={part.content_type} size={36} />
      ) : (
        <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
          {index + 1}
        </ThemeIcon>
      )}
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text fz="sm" fw={current ? 700 : 500} lineClamp={2}>
          <Text span c="dimmed" fz="sm" mr={6}>
            {t('learner.part.number', { number: index + 1 })}
          </Text>
          {part.title}
        </Text>
        <Group gap={6} wrap="wrap">
          {part.content_type && (
            <Text fz="xs" c="dimmed">
              {t(`player.types.${part.content_type}`)}
            </Text>
          )}
          {part.type === 'classroom' && (
            <Text fz="xs" c="dimmed">
              {t('classroom.part_type')}
            </Text>
          )}
          {part.duration_seconds ? (
            <Text fz="xs" c="dimmed">
              · {t('player.my.minutes', { count: durationMinutes(part.duration_seconds) })}
            </Text>
          ) : null}
          {!part.required && (
            <Badge size="xs" variant="default">
              {t('learner.part.optional')}
            </Badge>
          )}
        </Group>
        {part.status === 'in_progress' && !part.locked && part.type !== 'classroom' && (
          <Progress
            value={value}
            size="xs"
            radius="xl"
            aria-label={t('learner.part.progress_of', { title: part.title })}
          />
        )}
      </Stack>
      <PartState part={part} />
    </Group>
  );
}

/**
 * An education's parts in order, each with its type, length, the learner's own progress and its lock. With `linkOf`
 * an open part is a link (into the player at that part); a locked one never is.
 */
export function PartsList({
  parts,
  linkOf,
  currentId,
  onOpen,
}: {
  parts: LearnerPart[];
  linkOf?: (part: LearnerPart) => string | null;
  currentId?: number | null;
  onOpen?: () => void;
}) {
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="parts-list">
      {parts.map((part, index) => {
        const link = part.locked ? null : (linkOf?.(part) ?? null);
        const current = part.id === currentId;
        const body = <PartBody part={part} index={index} current={current} />;
        return (
          <li key={part.id} data-testid="part" data-id={part.id} data-status={part.status} data-locked={part.locked}>
            <Paper
              withBorder
              radius="md"
              p="sm"
              // The current part is outlined in the primary colour, a locked one says so with its lock: a tinted or
              // faded card would take the grey texts on it below WCAG AA contrast.
              style={current ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
            >
              {link ? (
                <UnstyledButton
                  component={Link}
                  to={link}
                  onClick={onOpen}
                  w="100%"
                  aria-current={current ? 'step' : undefined}
                  data-testid="part-open"
                >
                  {body}
                </UnstyledButton>
              ) : (
                body
              )}
            </Paper>
          </li>
        );
      })}
    </Stack>
  );
}
