import { Button, Pagination, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useMyPrograms } from './api.js';
import { ProgramCard, ProgramPanel } from './ProgramPanel.js';

const PER_PAGE = 12;

/** The program whose panel is open, from the address (`?program=`: a card, or a search hit, opened it). */
function programOf(params: URLSearchParams): number | null {
  const value = Number(params.get('program'));
  return Number.isInteger(value) && value >= 1 && value <= 2_147_483_647 ? value : null;
}

/** "Programlarım": the learner's programs as cards, paged; a card opens the panel of its steps. */
export function MyPrograms({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const opened = programOf(params);
  const setOpened = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('program');
      else next.set('program', String(id));
      return next;
    });
  const query = useMyPrograms({ page, per_page: PER_PAGE });
  const pages = query.data ? Math.max(1, Math.ceil(query.data.meta.total / PER_PAGE)) : 1;

  return (
    <Stack gap="md" data-testid="my-programs">
      {query.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label={t('learner.loading')}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} height={320} radius="lg" />
          ))}
        </SimpleGrid>
      ) : query.isError ? (
        <EmptyState
          title={t('learner.programs.list_failed')}
          action={<Button onClick={() => void query.refetch()}>{t('learner.retry')}</Button>}
          testId="my-programs-error"
        />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={<IconRoute size={26} />}
          title={t('learner.programs.empty_title')}
          text={t('learner.programs.empty_text')}
          testId="my-programs-empty"
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {query.data.data.map((program) => (
              <ProgramCard key={program.id} program={program} onOpen={setOpened} />
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
            />
          )}
        </>
      )}
      <ProgramPanel programId={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
