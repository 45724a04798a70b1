import { MY_ASSIGNMENT_STATES, type MyAssignmentState } from '@kampus/shared';
import { Badge, Button, Group, Pagination, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClipboardList, IconListCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { AssignmentCardView } from './AssignmentCard.js';
import { useMyAssignments } from './api.js';
import { NS } from './visuals.js';

const TAB_ICONS: Record<MyAssignmentState, ReactNode> = {
  open: <IconListCheck size={16} aria-hidden />,
  completed: <IconCircleCheck size={16} aria-hidden />,
  overdue: <IconAlertTriangle size={16} aria-hidden />,
};

function tabOf(params: URLSearchParams): MyAssignmentState {
  return MY_ASSIGNMENT_STATES.find((state) => state === params.get('tab')) ?? 'open';
}

function pageOf(params: URLSearchParams): number {
  const value = Number(params.get('page'));
  return Number.isInteger(value) && value >= 1 && value <= 100_000 ? value : 1;
}

function AssignmentsTab({
  state,
  page,
  onPage,
}: {
  state: MyAssignmentState;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const query = useMyAssignments(state, page);
  if (query.isPending)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label={t(`${NS}.loading`)}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} height={340} radius="lg" />
        ))}
      </SimpleGrid>
    );
  if (query.isError)
    return (
      <EmptyState
        title={t(`${NS}.my.load_failed`)}
        text={query.error instanceof Error ? query.error.message : undefined}
        action={<Button onClick={() => void query.refetch()}>{t(`${NS}.retry`)}</Button>}
        testId="my-assignments-error"
      />
    );
  const { data, meta } = query.data;
  if (data.length === 0)
    return (
      <EmptyState
        icon={<IconClipboardList size={26} />}
        title={t(`${NS}.my.empty.${state}`)}
        text={t(`${NS}.my.empty_hint.${state}`)}
        testId="my-assignments-empty"
      />
    );
  const pages = Math.max(1, Math.ceil(meta.total / meta.per_page));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="my-assignments-grid">
        {data.map((card) => (
          <AssignmentCardView key={card.id} card={card} />
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
          data-testid="my-assignments-paging"
        />
      )}
    </Stack>
  );
}

/** /my-assignment (user.my-assignment): what the company gave the learner to take, open, completed and overdue. */
export default function MyAssignmentsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  const page = pageOf(params);
  // Every tab's count comes with any tab's answer (the open tab's is cached for when it is opened).
  const counts = useMyAssignments('open', 1).data?.counts;

  const go = (next: { tab?: MyAssignmentState; page?: number }) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      if (next.tab) out.set('tab', next.tab);
      if (next.page && next.page > 1) out.set('page', String(next.page));
      else out.delete('page');
      return out;
    });

  return (
    <Stack maw={1120} mx="auto" w="100%" gap="lg" data-testid="my-assignments-page">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t(`${NS}.my.title`)}
        </Title>
        <Text c="dimmed">{t(`${NS}.my.description`)}</Text>
      </Stack>
      <Tabs value={tab} onChange={(value) => value && go({ tab: value as MyAssignmentState })} keepMounted={false}>
        <Tabs.List mb="md" data-testid="my-assignments-tabs">
          {MY_ASSIGNMENT_STATES.map((key) => (
            <Tabs.Tab key={key} value={key} leftSection={TAB_ICONS[key]} data-testid={`tab-${key}`}>
              <Group gap={6} wrap="nowrap">
                {t(`${NS}.my.tabs.${key}`)}
                {counts && (
                  <Badge size="sm" variant="default" circle={counts[key] < 10}>
                    {counts[key]}
                  </Badge>
                )}
              </Group>
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {MY_ASSIGNMENT_STATES.map((key) => (
          <Tabs.Panel key={key} value={key}>
            <AssignmentsTab state={key} page={page} onPage={(next) => go({ page: next })} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
