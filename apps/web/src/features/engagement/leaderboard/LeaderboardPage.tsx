import {
  LEADERBOARD_PERIODS,
  LEADERBOARD_SCOPES,
  type LeaderboardEntry,
  leaderboardPeriodSchema,
  leaderboardScopeSchema,
} from '@kampus/shared';
import {
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconMedal, IconTrophy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.js';
import { UserAvatar } from '../../../components/UserAvatar.js';
import { formatLongDate } from '../../../lib/dates.js';
import { useSessionUser } from '../../../lib/session.js';
import { type BoardQuery, useLeaderboard } from './api.js';

const NS = 'leaderboard';
const PER_PAGE = 20;
/** Gold, silver and bronze, as dark as contrast asks for text on them. */
const MEDAL_COLORS = ['yellow.8', 'gray.6', 'orange.8'] as const;

/** The address holds the period, scope, group and page, read leniently (a list's state, ARCHITECTURE). */
function useBoardQuery(): [BoardQuery, (change: Partial<BoardQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const period = leaderboardPeriodSchema.safeParse(params.get('period')).data;
  const scope = leaderboardScopeSchema.safeParse(params.get('scope')).data;
  const group = Number(params.get('group_id'));
  const page = Math.max(1, Math.trunc(Number(params.get('page')) || 1));
  const query: BoardQuery = {
    ...(period ? { period } : {}),
    ...(scope ? { scope } : {}),
    ...(Number.isInteger(group) && group > 0 ? { group_id: group } : {}),
    page,
    per_page: PER_PAGE,
  };
  const update = (change: Partial<BoardQuery>) => {
    const next = { ...query, page: 1, ...change };
    const search = new URLSearchParams();
    if (next.period) search.set('period', next.period);
    if (next.scope) search.set('scope', next.scope);
    if (next.group_id) search.set('group_id', String(next.group_id));
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace: true });
  };
  return [query, update];
}

function PodiumCard({ entry, self }: { entry: LeaderboardEntry; self: boolean }) {
  const { t } = useTranslation();
  const place = Math.min(entry.rank, 3) - 1;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="li"
      data-testid="podium-entry"
      data-rank={entry.rank}
      style={self ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack align="center" gap={6}>
        <ThemeIcon size={36} radius="xl" color={MEDAL_COLORS[place]} aria-hidden>
          {entry.rank === 1 ? <IconTrophy size={20} /> : <IconMedal size={20} />}
        </ThemeIcon>
        <Text fw={700} fz="sm">
          {t(`${NS}.columns.rank`)} {entry.rank}
        </Text>
        <UserAvatar photo={entry.user.photo} size={56} />
        <Text fw={600} ta="center" lineClamp={2}>
          {entry.user.name}
          {self ? ` (${t(`${NS}.you`)})` : ''}
        </Text>
        <Badge variant="light" size="lg">
          {t(`${NS}.points_value`, { count: entry.points })}
        </Badge>
      </Stack>
    </Card>
  );
}

/** /leader-table (module `leader-table`): this week, month, season or all time; the company or one's group. */
export default function LeaderboardPage() {
  const { t, i18n } = useTranslation();
  const user = useSessionUser();
  const [query, update] = useBoardQuery();
  const board = useLeaderboard(query);
  const data = board.data?.data;

  let content: React.ReactNode;
  if (board.isPending) {
    content = (
      <Stack role="status" aria-busy="true" aria-label={t('resource.loading')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={200} radius="lg" />
          ))}
        </SimpleGrid>
        <Skeleton height={240} radius="lg" />
      </Stack>
    );
  } else if (board.isError || !data) {
    content = (
      <EmptyState
        title={t(`${NS}.load_error`)}
        text={board.error instanceof Error ? board.error.message : undefined}
        action={<Button onClick={() => void board.refetch()}>{t('resource.retry')}</Button>}
        testId="leaderboard-error"
      />
    );
  } else if (data.scope === 'group' && data.groups.length === 0) {
    content = <EmptyState icon={<IconTrophy size={26} />} title={t(`${NS}.no_group`)} testId="leaderboard-empty" />;
  } else if (data.podium.length === 0) {
    content = (
      <EmptyState
        icon={<IconTrophy size={26} />}
        title={t(`${NS}.empty`)}
        text={t(`${NS}.me_none`)}
        testId="leaderboard-empty"
      />
    );
  } else {
    const total = board.data?.meta.total ?? 0;
    content = (
      <Stack gap="lg">
        <section aria-labelledby="podium-title">
          <Title order={2} fz="h4" id="podium-title" mb="sm">
            {t(`${NS}.podium_label`)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.podium.map((entry) => (
              <PodiumCard key={entry.user.id} entry={entry} self={entry.user.id === user?.id} />
            ))}
          </SimpleGrid>
        </section>
        <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="ranking-title">
          <Title order={2} fz="h4" id="ranking-title" mb="sm">
            {t(`${NS}.list_label`)}
          </Title>
          <Table.ScrollContainer minWidth={280}>
            <Table verticalSpacing="xs" data-testid="leaderboard-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={72}>{t(`${NS}.columns.rank`)}</Table.Th>
                  <Table.Th>{t(`${NS}.columns.person`)}</Table.Th>
                  <Table.Th ta="end">{t(`${NS}.columns.points`)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.entries.map((entry) => {
                  const self = entry.user.id === user?.id;
                  return (
                    <Table.Tr
                      key={entry.user.id}
                      data-testid="leaderboard-row"
                      data-self={self || undefined}
                      bg={self ? 'var(--mantine-primary-color-light)' : undefined}
                      aria-current={self ? 'true' : undefined}
                    >
                      <Table.Td fw={700}>{entry.rank}</Table.Td>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <UserAvatar photo={entry.user.photo} size={32} />
                          <Text fz="sm" fw={self ? 700 : 500}>
                            {entry.user.name}
                            {self ? ` (${t(`${NS}.you`)})` : ''}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td ta="end" fw={600}>
                        {entry.points.toLocaleString(i18n.language)}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > PER_PAGE && (
            <Group justify="center" mt="md">
              <Pagination
                total={Math.ceil(total / PER_PAGE)}
                value={query.page}
                onChange={(page) => update({ page })}
                getControlProps={(control) => ({
                  'aria-label': t(control === 'previous' ? 'resource.previous_page' : 'resource.next_page'),
                })}
                aria-label={t(`${NS}.list_label`)}
              />
            </Group>
          )}
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" data-testid="leaderboard-page">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            {t(`${NS}.title`)}
          </Title>
          <Text c="dimmed">{t(`${NS}.description`)}</Text>
          {data && (
            <Text c="dimmed" fz="sm" mt={4}>
              {t(`${NS}.season_since`, {
                number: data.season.number,
                date: formatLongDate(data.season.started_at, i18n.language),
              })}
            </Text>
          )}
        </div>
        {data && (
          <Paper withBorder radius="lg" px="md" py="xs" data-testid="leaderboard-balance">
            <Text fz="xs" c="dimmed">
              {t(`${NS}.balance`)}
            </Text>
            <Text fw={700} fz="xl">
              {data.balance.toLocaleString(i18n.language)}
            </Text>
          </Paper>
        )}
      </Group>
      {data && (
        <Group gap="md" wrap="wrap" align="flex-end">
          {data.periods.length > 1 && (
            <SegmentedControl
              aria-label={t(`${NS}.period_label`)}
              value={data.period}
              onChange={(period) => update({ period: leaderboardPeriodSchema.parse(period) })}
              data={LEADERBOARD_PERIODS.filter((p) => data.periods.includes(p)).map((p) => ({
                value: p,
                label: t(`${NS}.periods.${p}`),
              }))}
              data-testid="leaderboard-period"
            />
          )}
          {data.scopes.length > 1 && (
            <SegmentedControl
              aria-label={t(`${NS}.scope_label`)}
              value={data.scope}
              onChange={(scope) => update({ scope: leaderboardScopeSchema.parse(scope), group_id: undefined })}
              data={LEADERBOARD_SCOPES.filter((s) => data.scopes.includes(s)).map((s) => ({
                value: s,
                label: t(`${NS}.scopes.${s}`),
              }))}
              data-testid="leaderboard-scope"
            />
          )}
          {data.scope === 'group' && data.groups.length > 1 && (
            <Select
              label={t(`${NS}.group_label`)}
              value={data.group_id ? String(data.group_id) : null}
              onChange={(id) => update({ scope: 'group', group_id: id ? Number(id) : undefined })}
              data={data.groups.map((g) => ({ value: String(g.id), label: g.name }))}
              allowDeselect={false}
              w={220}
            />
          )}
        </Group>
      )}
      {data && (
        <Paper
          withBorder
          radius="lg"
          p="md"
          data-testid="leaderboard-me"
          component="section"
          aria-labelledby="me-title"
        >
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fz="sm" c="dimmed" id="me-title">
                {t(`${NS}.me_title`)}
              </Text>
              {data.me ? (
                <Text fw={700} fz="xl" data-testid="leaderboard-my-rank">
                  #{data.me.rank}
                </Text>
              ) : (
                <Text fz="sm">{t(`${NS}.me_none`)}</Text>
              )}
            </div>
            {data.me && (
              <Badge size="lg" variant="filled" data-testid="leaderboard-my-points">
                {t(`${NS}.points_value`, { count: data.me.points })}
              </Badge>
            )}
          </Group>
        </Paper>
      )}
      {content}
    </Stack>
  );
}
