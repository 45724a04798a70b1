import { MY_LEARNING_STATES, type MyEducationsQuery } from '@kampus/shared';
import { Badge, Button, Group, Pagination, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBooks, IconCircleCheck, IconPlayerPause, IconPlayerPlay, IconRoute } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { MyPrograms } from '../../programs/learner/MyPrograms.js';
import { useMyEducations } from './api.js';
import { EducationCardView } from './EducationCard.js';
import { CATALOGUE_PATH } from './paths.js';

type State = (typeof MY_LEARNING_STATES)[number];
type Tab = State | 'programs';
const TABS: readonly Tab[] = [...MY_LEARNING_STATES, 'programs'];
export const MY_EDUCATIONS_PER_PAGE = 12;

const TAB_ICONS: Record<Tab, ReactNode> = {
  in_progress: <IconPlayerPlay size={16} aria-hidden />,
  not_started: <IconPlayerPause size={16} aria-hidden />,
  completed: <IconCircleCheck size={16} aria-hidden />,
  programs: <IconRoute size={16} aria-hidden />,
};

function tabOf(params: URLSearchParams): Tab | null {
  const value = params.get('tab');
  // A program's address (`?program=`, a search hit's link) opens on the programs.
  return TABS.find((tab) => tab === value) ?? (params.has('program') ? 'programs' : null);
}

function pageOf(params: URLSearchParams): number {
  const value = Number(params.get('page'));
  return Number.isInteger(value) && value >= 1 && value <= 100_000 ? value : 1;
}

/**
 * Without a tab in the address the page opens where the learner has something: what is under way, else what is
 * waiting to start, else what is done.
 */
export function firstUsefulTab(counts: Record<State, number>): State {
  return MY_LEARNING_STATES.find((state) => counts[state] > 0) ?? 'in_progress';
}

function EducationsTab({ state, page, onPage }: { state: State; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const query = useMyEducations({ state, page, per_page: MY_EDUCATIONS_PER_PAGE } satisfies Partial<MyEducationsQuery>);
  if (query.isPending)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label={t('learner.loading')}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={340} radius="lg" />
        ))}
      </SimpleGrid>
    );
  if (query.isError)
    return (
      <EmptyState
        title={t('learner.my.load_failed')}
        text={query.error instanceof Error ? query.error.message : undefined}
        action={<Button onClick={() => void query.refetch()}>{t('learner.retry')}</Button>}
        testId="my-educations-error"
      />
    );
  const { data, meta } = query.data;
  if (data.length === 0)
    return (
      <EmptyState
        icon={<IconBooks size={26} />}
        title={t(`learner.my.empty.${state}`)}
        text={t(`learner.my.empty_hint.${state}`)}
        action={
          state !== 'completed' ? (
            <Button component={Link} to={CATALOGUE_PATH} variant="light">
              {t('learner.my.browse')}
            </Button>
          ) : undefined
        }
        testId="my-educations-empty"
      />
    );
  const pages = Math.max(1, Math.ceil(meta.total / meta.per_page));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="my-educations-grid">
        {data.map((card) => (
          <EducationCardView key={card.id} card={card} headingLevel={2} />
        ))}
      </SimpleGrid>
      {pages > 1 && (
        <Pagination
          value={page}
          total={pages}
          onChange={onPage}
          getControlProps={(control) => ({ 'aria-label': t(`learner.paging.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('learner.paging.page', { page: item }) })}
          mx="auto"
          data-testid="my-educations-paging"
        />
      )}
    </Stack>
  );
}

/** /my-education (user.my-education): the learner's educations by state, and their programs. */
export default function MyEducationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosen = tabOf(params);
  const page = pageOf(params);
  // The counts of every tab come with any one tab's answer; this one also decides the opening tab.
  const counts = useMyEducations({ state: 'in_progress', page: 1, per_page: MY_EDUCATIONS_PER_PAGE }).data?.counts;
  const tab: Tab | null = chosen ?? (counts ? firstUsefulTab(counts) : null);

  // The opening tab goes into the address, so going back returns to it and the view can be shared.
  useEffect(() => {
    if (!chosen && tab)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('tab', tab);
          return next;
        },
        { replace: true },
      );
  }, [chosen, tab, setParams]);

  const go = (next: { tab?: Tab; page?: number }) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      if (next.tab) out.set('tab', next.tab);
      if (next.page && next.page > 1) out.set('page', String(next.page));
      else out.delete('page');
      return out;
    });

  return (
    <Stack maw={1120} mx="auto" w="100%" gap="lg" data-testid="my-educations-page">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {t('learner.my.title')}
          </Title>
          <Text c="dimmed">{t('learner.my.description')}</Text>
        </Stack>
        <Button component={Link} to={CATALOGUE_PATH} variant="light">
          {t('learner.my.browse')}
        </Button>
      </Group>
      {tab === null ? (
        <Skeleton height={40} radius="md" role="status" aria-label={t('learner.loading')} />
      ) : (
        <Tabs value={tab} onChange={(value) => value && go({ tab: value as Tab })} keepMounted={false}>
          <Tabs.List mb="md" data-testid="my-educations-tabs">
            {TABS.map((key) => (
              <Tabs.Tab key={key} value={key} leftSection={TAB_ICONS[key]} data-testid={`tab-${key}`}>
                <Group gap={6} wrap="nowrap">
                  {t(`learner.my.tabs.${key}`)}
                  {key !== 'programs' && counts && (
                    <Badge size="sm" variant="default" circle={counts[key] < 10}>
                      {counts[key]}
                    </Badge>
                  )}
                </Group>
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map((key) => (
            <Tabs.Panel key={key} value={key}>
              {key === 'programs' ? (
                <MyPrograms page={page} onPage={(next) => go({ page: next })} />
              ) : (
                <EducationsTab state={key} page={page} onPage={(next) => go({ page: next })} />
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}
