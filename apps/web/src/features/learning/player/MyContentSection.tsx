import type { ContentType, MyContent } from '@kampus/shared';
import { Badge, Button, Card, Group, Image, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconClock,
  IconFileText,
  IconLink,
  IconPackage,
  IconPlayerPlay,
  IconTextCaption,
  IconVideo,
} from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.js';
import { formatLongDate } from '../../../lib/dates.js';
import { fetchMyContents } from './api.js';
import { durationMinutes } from './durations.js';
import { playerPath } from './paths.js';

/** Each type's colour and icon: the card's face when the content has no cover. */
const TYPE_LOOK: Record<ContentType, { color: string; icon: ReactNode }> = {
  video: { color: 'indigo', icon: <IconVideo size={36} aria-hidden /> },
  document: { color: 'teal', icon: <IconFileText size={36} aria-hidden /> },
  scorm: { color: 'grape', icon: <IconPackage size={36} aria-hidden /> },
  link: { color: 'cyan', icon: <IconLink size={36} aria-hidden /> },
  page: { color: 'orange', icon: <IconTextCaption size={36} aria-hidden /> },
};

/** The card's one button: start what was never opened, continue what is under way, review what is done. */
export function actionOf(item: Pick<MyContent, 'status'>): 'start' | 'continue' | 'review' {
  return item.status === 'completed' ? 'review' : item.status === 'in_progress' ? 'continue' : 'start';
}

function Cover({ item }: { item: MyContent }) {
  const look = TYPE_LOOK[item.type];
  return item.cover_url ? (
    <Image src={item.cover_url} alt="" h={140} fit="cover" />
  ) : (
    <Stack
      h={140}
      align="center"
      justify="center"
      bg={`var(--mantine-color-${look.color}-light)`}
      c={`var(--mantine-color-${look.color}-light-color)`}
      aria-hidden
    >
      {look.icon}
    </Stack>
  );
}

function ContentCard({ item }: { item: MyContent }) {
  const { t, i18n } = useTranslation();
  const action = actionOf(item);
  const value = Math.round(item.progress);
  return (
    <Card withBorder radius="lg" padding="md" data-testid="my-content-card" data-id={item.id}>
      <Card.Section>
        <Cover item={item} />
      </Card.Section>
      <Stack gap="xs" mt="sm" style={{ flex: 1 }}>
        <Group gap="xs">
          {/* Neutral: a coloured light badge's label fails WCAG AA contrast; the colour is the cover's. */}
          <Badge variant="default">{t(`player.types.${item.type}`)}</Badge>
          {item.duration_seconds ? (
            <Group gap={4} c="dimmed">
              <IconClock size={14} aria-hidden />
              <Text fz="xs">{t('player.my.minutes', { count: durationMinutes(item.duration_seconds) })}</Text>
            </Group>
          ) : null}
        </Group>
        <Title order={3} fz="md" lineClamp={2}>
          {item.title}
        </Title>
        {item.due_at && (
          <Text fz="xs" c="dimmed">
            {t('player.my.due', { date: formatLongDate(item.due_at, i18n.language) })}
          </Text>
        )}
        <Group gap="xs" wrap="nowrap" mt="auto">
          <Progress
            value={value}
            color={item.status === 'completed' ? 'green' : undefined}
            style={{ flex: 1 }}
            aria-label={t('player.my.progress_of', { title: item.title })}
          />
          <Text fz="xs" fw={600}>
            {t('player.percent', { value })}
          </Text>
        </Group>
        <Button
          component={Link}
          to={playerPath(item.id)}
          variant={action === 'review' ? 'light' : 'filled'}
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          aria-label={`${t(`player.my.${action}`)}: ${item.title}`}
          data-testid="my-content-open"
        >
          {t(`player.my.${action}`)}
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * The learner home's "My content" (GET api/my/contents): loaded after the first paint (DashboardPage defers it), so
 * the home's first-paint shell is untouched. Loading, empty and error states of its own.
 */
export default function MyContentSection() {
  const { t } = useTranslation();
  const [items, setItems] = useState<MyContent[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    fetchMyContents().then(setItems, (failure: unknown) =>
      setError(failure instanceof Error ? failure.message : t('general.error_occurred')),
    );
  }, [t]);
  useEffect(load, [load]);

  return (
    <Stack component="section" aria-labelledby="my-content-title" gap="sm" data-testid="my-content">
      <Title order={2} fz="h4" id="my-content-title">
        {t('player.my.title')}
      </Title>
      {error ? (
        <EmptyState
          title={t('player.my.load_failed')}
          text={error}
          action={<Button onClick={load}>{t('player.retry')}</Button>}
          testId="my-content-error"
        />
      ) : items === null ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} role="status" aria-busy="true" aria-label={t('player.loading')}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={300} radius="lg" />
          ))}
        </SimpleGrid>
      ) : items.length === 0 ? (
        <EmptyState title={t('player.my.empty_title')} text={t('player.my.empty_text')} testId="my-content-empty" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {items.map((item) => (
            <ContentCard key={item.id} item={item} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
