import { type AgendaEvent, agendaTargetPath } from '@kampus/shared';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarOff, IconChevronLeft, IconChevronRight, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.js';
import { useSessionUser } from '../../../lib/session.js';
import { useAgenda } from './api.js';
import {
  AGENDA_VIEWS,
  type AgendaView,
  dayNumberOf,
  daysOf,
  eventsByDay,
  headingOf,
  isDay,
  isSameMonth,
  KIND_COLORS,
  longDayOf,
  rangeOf,
  shiftAnchor,
  timeOf,
  todayIn,
  weekdayNames,
} from './calendar.js';
import { SubscribePanel } from './SubscribePanel.js';

/** Events a month cell lists before "+N more". */
const MONTH_CELL_EVENTS = 3;

const viewOf = (value: string | null): AgendaView | null => AGENDA_VIEWS.find((view) => view === value) ?? null;

/** One event as a coloured link to its page; `compact` for the grid cells. */
function EventLink({ event, compact = false }: { event: AgendaEvent; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const color = KIND_COLORS[event.kind];
  const time = timeOf(event, i18n.language);
  const kind = t(`agenda.kinds.${event.kind}`);
  return (
    <Box
      component={Link}
      to={agendaTargetPath(event.target)}
      data-testid="agenda-event"
      data-kind={event.kind}
      title={`${kind}: ${event.title}${event.context ? ` · ${event.context}` : ''}`}
      style={{
        display: 'block',
        textDecoration: 'none',
        color: 'var(--mantine-color-text)',
        background: `var(--mantine-color-${color}-light)`,
        borderInlineStart: `3px solid var(--mantine-color-${color}-filled)`,
        borderRadius: 'var(--mantine-radius-sm)',
        padding: compact ? '2px 6px' : '8px 12px',
        opacity: event.cancelled ? 0.7 : 1,
      }}
    >
      <Group gap={6} wrap="nowrap" align="center">
        {event.completed && (
          <IconCircleCheck size={compact ? 12 : 16} color="var(--mantine-color-success-7)" aria-hidden />
        )}
        {time && (
          <Text span fz={compact ? 11 : 'sm'} fw={600}>
            {time}
          </Text>
        )}
        <Text
          span
          fz={compact ? 12 : 'sm'}
          fw={compact ? 500 : 600}
          lineClamp={compact ? 1 : 2}
          td={event.cancelled ? 'line-through' : undefined}
        >
          {event.title}
        </Text>
      </Group>
      {compact ? (
        <VisuallyHidden>
          {kind}
          {event.completed ? `, ${t('agenda.completed')}` : ''}
        </VisuallyHidden>
      ) : (
        <Group gap={6} mt={4} wrap="wrap">
          <Text fz="xs">{kind}</Text>
          {event.context && (
            <Text fz="xs" c="dimmed">
              · {event.context}
            </Text>
          )}
          {!time && (
            <Text fz="xs" c="dimmed">
              · {t('agenda.all_day')}
            </Text>
          )}
          {event.location && (
            <Text fz="xs" c="dimmed">
              · {event.location}
            </Text>
          )}
          {event.completed && (
            <Badge size="xs" color="success" variant="light">
              {t('agenda.completed')}
            </Badge>
          )}
          {event.cancelled && (
            <Badge size="xs" color="danger" variant="light">
              {t('agenda.cancelled')}
            </Badge>
          )}
        </Group>
      )}
    </Box>
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <Group gap="md" wrap="wrap" aria-label={t('agenda.legend')} role="list" data-testid="agenda-legend">
      {Object.entries(KIND_COLORS).map(([kind, color]) => (
        <Group key={kind} gap={6} wrap="nowrap" role="listitem">
          <Box w={12} h={12} style={{ borderRadius: 3, background: `var(--mantine-color-${color}-filled)` }} />
          <Text fz="xs">{t(`agenda.kinds.${kind}`)}</Text>
        </Group>
      ))}
    </Group>
  );
}

interface ViewProps {
  anchor: string;
  today: string;
  byDay: Map<string, AgendaEvent[]>;
  onShowList: () => void;
}

function MonthView({ anchor, today, byDay, onShowList }: ViewProps) {
  const { t, i18n } = useTranslation();
  const days = daysOf(rangeOf('month', anchor));
  return (
    <Box data-testid="agenda-month">
      <SimpleGrid cols={7} spacing={0} aria-hidden>
        {weekdayNames(i18n.language).map((name) => (
          <Text key={name} fz="xs" fw={600} tt="uppercase" ta="center" py={6}>
            {name}
          </Text>
        ))}
      </SimpleGrid>
      <SimpleGrid
        cols={7}
        spacing={0}
        style={{
          borderTop: '1px solid var(--mantine-color-default-border)',
          borderInlineStart: '1px solid var(--mantine-color-default-border)',
        }}
      >
        {days.map((day) => {
          const events = byDay.get(day) ?? [];
          const outside = !isSameMonth(day, anchor);
          const isToday = day === today;
          return (
            <Stack
              key={day}
              gap={4}
              p={4}
              mih={112}
              role="group"
              aria-label={longDayOf(day, i18n.language)}
              data-day={day}
              style={{
                borderInlineEnd: '1px solid var(--mantine-color-default-border)',
                borderBottom: '1px solid var(--mantine-color-default-border)',
                background: outside ? 'var(--mantine-color-default-hover)' : undefined,
              }}
            >
              <Text
                fz="xs"
                fw={isToday ? 700 : 500}
                c={isToday ? 'white' : outside ? 'dimmed' : undefined}
                bg={isToday ? 'brand.7' : undefined}
                w={24}
                h={24}
                ta="center"
                lh="24px"
                style={{ borderRadius: '50%' }}
                aria-current={isToday ? 'date' : undefined}
              >
                {dayNumberOf(day)}
              </Text>
              {events.slice(0, MONTH_CELL_EVENTS).map((event) => (
                <EventLink key={event.id} event={event} compact />
              ))}
              {events.length > MONTH_CELL_EVENTS && (
                <UnstyledButton fz="xs" fw={600} px={6} onClick={onShowList} data-testid="agenda-more">
                  {t('agenda.more', { count: events.length - MONTH_CELL_EVENTS })}
                </UnstyledButton>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}

function WeekView({ anchor, today, byDay }: ViewProps) {
  const { i18n } = useTranslation();
  const days = daysOf(rangeOf('week', anchor));
  return (
    <SimpleGrid cols={{ base: 1, sm: 7 }} spacing="xs" data-testid="agenda-week">
      {days.map((day) => (
        <Paper
          key={day}
          withBorder
          radius="md"
          p="xs"
          mih={{ base: 0, sm: 220 } as never}
          data-day={day}
          style={day === today ? { borderColor: 'var(--mantine-color-brand-6)', borderWidth: 2 } : undefined}
        >
          <Text fz="xs" fw={700} mb={6} aria-current={day === today ? 'date' : undefined}>
            {longDayOf(day, i18n.language)}
          </Text>
          <Stack gap={4}>
            {(byDay.get(day) ?? []).map((event) => (
              <EventLink key={event.id} event={event} compact />
            ))}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function ListView({ anchor, byDay }: ViewProps) {
  const { i18n } = useTranslation();
  const days = daysOf(rangeOf('list', anchor)).filter((day) => byDay.has(day));
  return (
    <Stack gap="lg" data-testid="agenda-list">
      {days.map((day) => (
        <Grid key={day} gap="sm" data-day={day}>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <Title order={3} fz="md">
              {longDayOf(day, i18n.language)}
            </Title>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 9 }}>
            <Stack gap="xs">
              {(byDay.get(day) ?? []).map((event) => (
                <EventLink key={event.id} event={event} />
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      ))}
    </Stack>
  );
}

function Agenda() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const today = todayIn(i18n.language);
  const view: AgendaView = viewOf(params.get('view')) ?? (phone ? 'list' : 'month');
  const dateParam = params.get('date');
  const anchor = isDay(dateParam) ? dateParam : today;
  const range = rangeOf(view, anchor);
  const agenda = useAgenda(range);

  const go = (next: { view?: AgendaView; date?: string }) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      if (next.view) out.set('view', next.view);
      if (next.date) out.set('date', next.date);
      return out;
    });

  const byDay = eventsByDay(agenda.data ?? [], i18n.language);
  const viewProps: ViewProps = { anchor, today, byDay, onShowList: () => go({ view: 'list' }) };
  const empty =
    agenda.isSuccess &&
    (agenda.data.length === 0 || (view === 'list' && ![...byDay.keys()].some((day) => isSameMonth(day, anchor))));

  return (
    <Stack maw={1200} mx="auto" w="100%" gap="lg" data-testid="agenda-page">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('agenda.title')}
        </Title>
        <Text c="dimmed">{t('agenda.description')}</Text>
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="xs" wrap="nowrap">
              <Tooltip label={t('agenda.previous')}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('agenda.previous')}
                  onClick={() => go({ date: shiftAnchor(view, anchor, -1) })}
                  data-testid="agenda-previous"
                >
                  <IconChevronLeft size={18} />
                </ActionIcon>
              </Tooltip>
              <Button variant="default" onClick={() => go({ date: today })} data-testid="agenda-today">
                {t('agenda.today')}
              </Button>
              <Tooltip label={t('agenda.next')}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('agenda.next')}
                  onClick={() => go({ date: shiftAnchor(view, anchor, 1) })}
                  data-testid="agenda-next"
                >
                  <IconChevronRight size={18} />
                </ActionIcon>
              </Tooltip>
              <Title order={2} fz="h3" ml="xs" aria-live="polite" data-testid="agenda-heading">
                {headingOf(view, anchor, i18n.language)}
              </Title>
            </Group>
            <SegmentedControl
              value={view}
              onChange={(value) => go({ view: value as AgendaView })}
              aria-label={t('agenda.views.label')}
              data={AGENDA_VIEWS.map((key) => ({ value: key, label: t(`agenda.views.${key}`) }))}
              data-testid="agenda-views"
            />
          </Group>
          <Legend />
          {agenda.isPending ? (
            <Skeleton
              height={view === 'list' ? 240 : 560}
              radius="md"
              role="status"
              aria-label={t('agenda.loading')}
              aria-busy="true"
            />
          ) : agenda.isError ? (
            <EmptyState
              title={t('agenda.load_failed')}
              text={agenda.error instanceof Error ? agenda.error.message : undefined}
              action={<Button onClick={() => void agenda.refetch()}>{t('agenda.retry')}</Button>}
              testId="agenda-error"
            />
          ) : (
            <>
              {empty && (
                <EmptyState
                  icon={<IconCalendarOff size={26} />}
                  title={t(view === 'week' ? 'agenda.empty.week' : 'agenda.empty.month')}
                  text={t('agenda.empty.text')}
                  testId="agenda-empty"
                />
              )}
              {view === 'month' && <MonthView {...viewProps} />}
              {view === 'week' && !empty && <WeekView {...viewProps} />}
              {view === 'list' && !empty && <ListView {...viewProps} />}
            </>
          )}
        </Stack>
      </Paper>
      <SubscribePanel />
    </Stack>
  );
}

/** /agenda (user.agenda): the learner's calendar, open while the company's side menu shows its agenda item. */
export default function AgendaPage() {
  const user = useSessionUser();
  if (!user?.menu.some((item) => item.type === 'agenda' && item.status === 1)) return <Navigate to="/403" replace />;
  // The subscription's confirmations open in the learner frame's modals provider (DashboardLayout).
  return <Agenda />;
}
