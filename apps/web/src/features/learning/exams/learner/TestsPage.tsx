import type { MyTest, MyTestState } from '@kampus/shared';
import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconClipboardCheck, IconClock, IconListNumbers, IconTarget } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { MySurveysSection } from '../../surveys/MySurveysSection.js';
import { NS, useMyTests } from './api.js';

const STATE_COLOR: Record<MyTestState, string> = {
  upcoming: 'gray',
  not_started: 'blue',
  in_progress: 'orange',
  pending: 'violet',
  passed: 'teal',
  retry: 'yellow',
  waiting: 'yellow',
  failed: 'red',
  closed: 'gray',
};

export const examPath = (id: number) => `/test/exam/${id}`;
export const resultPath = (attemptId: number) => `/test/attempt/${attemptId}`;

function formatWhen(value: string, language: string) {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
}

/** The one obvious next step of a card. */
function NextStep({ test }: { test: MyTest }) {
  const { t, i18n } = useTranslation();
  const result = test.attempt_id ? (
    <Button component={Link} to={resultPath(test.attempt_id)} variant="default">
      {t(`${NS}.card.result`)}
    </Button>
  ) : null;
  switch (test.state) {
    case 'not_started':
      return (
        <Button component={Link} to={examPath(test.id)}>
          {t(`${NS}.card.start`)}
        </Button>
      );
    case 'in_progress':
      return (
        <Button component={Link} to={examPath(test.id)} color="orange">
          {t(`${NS}.card.continue`)}
        </Button>
      );
    case 'retry':
      return (
        <Group gap="xs">
          <Button component={Link} to={examPath(test.id)}>
            {t(`${NS}.card.retry`)}
          </Button>
          {result}
        </Group>
      );
    case 'passed':
      return test.kind === 'demo' ? (
        <Group gap="xs">
          <Button component={Link} to={examPath(test.id)}>
            {t(`${NS}.card.practise_again`)}
          </Button>
          {result}
        </Group>
      ) : (
        result
      );
    case 'waiting':
      return (
        <Stack gap={4}>
          <Text fz="sm" c="dimmed">
            {t(`${NS}.card.next_at`, { time: formatWhen(test.next_attempt_at ?? '', i18n.language) })}
          </Text>
          {result}
        </Stack>
      );
    case 'upcoming':
      return (
        <Text fz="sm" c="dimmed">
          {t(`${NS}.card.opens_at`, { time: formatWhen(test.available_from ?? '', i18n.language) })}
        </Text>
      );
    default:
      return result;
  }
}

/** A card; the one an assignment's item leads to (`/test?exam=…`) is outlined and scrolled into view. */
function TestCard({ test, highlighted }: { test: MyTest; highlighted: boolean }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  return (
    <Card
      ref={ref}
      withBorder
      radius="lg"
      padding="lg"
      style={highlighted ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
      data-highlighted={highlighted || undefined}
      data-testid="test-card"
      component="article"
      aria-labelledby={`test-${test.id}`}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} fz="lg" id={`test-${test.id}`} data-testid="test-card-title">
            {test.title}
          </Title>
          {test.kind === 'demo' && (
            <Badge variant="light" color="grape" style={{ flexShrink: 0 }}>
              {t(`${NS}.card.demo`)}
            </Badge>
          )}
        </Group>
        {/* A dot badge: the light variant's yellow and teal text fail contrast (axe). */}
        <Badge color={STATE_COLOR[test.state]} variant="dot" data-testid="test-card-state">
          {t(`${NS}.state.${test.state}`)}
        </Badge>
        <Stack gap={4}>
          <Group gap={6}>
            <IconListNumbers size={16} aria-hidden />
            <Text fz="sm">{t(`${NS}.card.questions`, { count: test.question_count })}</Text>
          </Group>
          <Group gap={6}>
            <IconClock size={16} aria-hidden />
            <Text fz="sm">
              {test.time_limit_minutes
                ? t(`${NS}.card.minutes`, { count: test.time_limit_minutes })
                : t(`${NS}.card.no_limit`)}
            </Text>
          </Group>
          {test.kind === 'exam' && (
            <Group gap={6}>
              <IconTarget size={16} aria-hidden />
              <Text fz="sm">{t(`${NS}.card.pass_mark`, { mark: test.pass_mark })}</Text>
            </Group>
          )}
          {test.attempts_left !== null && (
            <Text fz="sm" c="dimmed">
              {t(`${NS}.card.attempts_left`, { count: test.attempts_left })}
            </Text>
          )}
          {test.last_score !== null && (
            <Text fz="sm" c="dimmed">
              {t(`${NS}.card.last_score`, { score: Math.round(test.last_score) })}
            </Text>
          )}
          {test.state === 'in_progress' && test.deadline_at && (
            <Text fz="sm" c="orange.8">
              {t(`${NS}.card.until`, { time: formatWhen(test.deadline_at, i18n.language) })}
            </Text>
          )}
        </Stack>
        <div style={{ marginTop: 'auto' }}>
          <NextStep test={test} />
        </div>
      </Stack>
    </Card>
  );
}

/**
 * /test: the exams open to the learner (assigned, part of an education, practice), each with its next step, then the
 * surveys they are asked to fill in.
 */
export default function TestsPage() {
  const { t } = useTranslation();
  const query = useMyTests();
  const [params] = useSearchParams();
  const wanted = Number(params.get('exam'));
  let content: React.ReactNode;
  if (query.isPending) {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label={t(`${NS}.loading`)}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={260} radius="lg" />
        ))}
      </SimpleGrid>
    );
  } else if (query.isError) {
    content = (
      <EmptyState
        title={t(`${NS}.load_failed`)}
        text={query.error instanceof Error ? query.error.message : undefined}
        action={<Button onClick={() => void query.refetch()}>{t(`${NS}.retry`)}</Button>}
        testId="tests-error"
      />
    );
  } else if (query.data.length === 0) {
    content = (
      <EmptyState
        icon={<IconClipboardCheck size={26} />}
        title={t(`${NS}.empty_title`)}
        text={t(`${NS}.empty_text`)}
        testId="tests-empty"
      />
    );
  } else {
    const exams = query.data.filter((test) => test.kind === 'exam');
    const demos = query.data.filter((test) => test.kind === 'demo');
    content = (
      <Stack gap="xl">
        {[
          ['exams', exams],
          ['demos', demos],
        ].map(([key, list]) =>
          (list as MyTest[]).length === 0 ? null : (
            <section key={key as string} aria-labelledby={`tests-${key}`}>
              <Title order={2} fz="h4" mb="sm" id={`tests-${key}`}>
                {t(`${NS}.section.${key}`)}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {(list as MyTest[]).map((test) => (
                  <TestCard key={test.id} test={test} highlighted={test.id === wanted} />
                ))}
              </SimpleGrid>
            </section>
          ),
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="lg" data-testid="tests-page">
      <div>
        <Title order={1} fz="h2">
          {t(`${NS}.title`)}
        </Title>
        <Text c="dimmed">{t(`${NS}.intro`)}</Text>
      </div>
      {content}
      <MySurveysSection />
    </Stack>
  );
}
