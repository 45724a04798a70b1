import type { LearnerCategory } from '@kampus/shared';
import {
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  NavLink,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCategory, IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/EmptyState.js';
import { useSessionUser } from '../../../../lib/session.js';
import { useCatalogue, useLearnerCategories } from './api.js';
import { EducationCardView } from './EducationCard.js';
import { CATALOGUE_MODULE } from './paths.js';
import { CategoryIcon } from './visuals.js';

export const CATALOGUE_PER_PAGE = 12;
export const CATALOGUE_SEARCH_DEBOUNCE_MS = 300;
const SORTS = ['newest', 'title'] as const;
type Sort = (typeof SORTS)[number];
const ALL = 'all';

export interface CategoryNode extends LearnerCategory {
  children: CategoryNode[];
}

/** The flat list as a tree, in the server's order; a child whose parent is not listed stands at the root. */
export function categoryTree(categories: LearnerCategory[]): CategoryNode[] {
  const nodes = new Map(categories.map((category) => [category.id, { ...category, children: [] as CategoryNode[] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value !== null && /^\d{1,9}$/.test(value) && number >= 1 ? number : null;
}

function CategoryItem({
  node,
  selected,
  onChoose,
}: {
  node: CategoryNode;
  selected: number | null;
  onChoose: (id: number | null) => void;
}) {
  return (
    <NavLink
      label={node.name}
      leftSection={<CategoryIcon icon={node.icon} />}
      rightSection={
        <Badge size="sm" variant="default" circle={node.educations_count < 10}>
          {node.educations_count}
        </Badge>
      }
      active={selected === node.id}
      // The tree stays open (three levels at most): every category and its count is in sight at once.
      opened
      onClick={() => onChoose(node.id)}
      childrenOffset={16}
      data-testid="category-item"
      data-id={node.id}
      aria-current={selected === node.id ? 'page' : undefined}
    >
      {node.children.length > 0
        ? node.children.map((child) => (
            <CategoryItem key={child.id} node={child} selected={selected} onChoose={onChoose} />
          ))
        : undefined}
    </NavLink>
  );
}

function CategoryTree({
  categories,
  selected,
  onChoose,
}: {
  categories: LearnerCategory[];
  selected: number | null;
  onChoose: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const tree = useMemo(() => categoryTree(categories), [categories]);
  const total = tree.reduce((sum, node) => sum + node.educations_count, 0);
  return (
    <nav aria-label={t('learner.catalogue.categories')} data-testid="category-tree">
      <NavLink
        label={t('learner.catalogue.all')}
        leftSection={<IconCategory size={18} stroke={1.7} aria-hidden />}
        rightSection={
          <Badge size="sm" variant="default" circle={total < 10}>
            {total}
          </Badge>
        }
        active={selected === null}
        onClick={() => onChoose(null)}
        aria-current={selected === null ? 'page' : undefined}
        data-testid="category-all"
      />
      {tree.map((node) => (
        <CategoryItem key={node.id} node={node} selected={selected} onChoose={onChoose} />
      ))}
    </nav>
  );
}

/** The categories as a select on a phone, where a tree beside the grid has no room. */
function CategorySelect({
  categories,
  selected,
  onChoose,
}: {
  categories: LearnerCategory[];
  selected: number | null;
  onChoose: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const options = useMemo(() => {
    const out: { value: string; label: string }[] = [{ value: ALL, label: t('learner.catalogue.all') }];
    const walk = (nodes: CategoryNode[], depth: number) => {
      for (const node of nodes) {
        out.push({ value: String(node.id), label: `${'— '.repeat(depth)}${node.name} (${node.educations_count})` });
        walk(node.children, depth + 1);
      }
    };
    walk(categoryTree(categories), 0);
    return out;
  }, [categories, t]);
  return (
    <Select
      label={t('learner.catalogue.category')}
      data={options}
      value={selected === null ? ALL : String(selected)}
      onChange={(value) => onChoose(value && value !== ALL ? Number(value) : null)}
      allowDeselect={false}
      data-testid="category-select"
    />
  );
}

function Results({
  categoryId,
  search,
  sort,
  page,
  onPage,
  onClearSearch,
}: {
  categoryId: number | null;
  search: string;
  sort: Sort;
  page: number;
  onPage: (page: number) => void;
  onClearSearch: () => void;
}) {
  const { t } = useTranslation();
  const query = useCatalogue({
    category_id: categoryId ?? undefined,
    search,
    sort,
    page,
    per_page: CATALOGUE_PER_PAGE,
  });
  if (query.isPending)
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label={t('learner.loading')}>
        {[0, 1, 2, 3, 4, 5].map((key) => (
          <Skeleton key={key} height={340} radius="lg" />
        ))}
      </SimpleGrid>
    );
  if (query.isError)
    return (
      <EmptyState
        title={t('learner.catalogue.load_failed')}
        text={query.error instanceof Error ? query.error.message : undefined}
        action={<Button onClick={() => void query.refetch()}>{t('learner.retry')}</Button>}
        testId="catalogue-error"
      />
    );
  const { data, meta } = query.data;
  if (data.length === 0)
    return search.trim() ? (
      <EmptyState
        icon={<IconSearch size={26} />}
        title={t('learner.catalogue.no_match')}
        text={t('learner.catalogue.no_match_hint')}
        action={
          <Button variant="light" leftSection={<IconX size={16} aria-hidden />} onClick={onClearSearch}>
            {t('learner.catalogue.clear_search')}
          </Button>
        }
        testId="catalogue-no-match"
      />
    ) : (
      <EmptyState
        title={t('learner.catalogue.empty')}
        text={t('learner.catalogue.empty_hint')}
        testId="catalogue-empty"
      />
    );
  const pages = Math.max(1, Math.ceil(meta.total / meta.per_page));
  return (
    <Stack gap="md" aria-live="polite">
      <Text fz="sm" c="dimmed" data-testid="catalogue-count">
        {t('learner.catalogue.results', { count: meta.total })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="catalogue-grid">
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
          data-testid="catalogue-paging"
        />
      )}
    </Stack>
  );
}

function Catalogue() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const categoryId = positiveInt(params.get('category'));
  const page = positiveInt(params.get('page')) ?? 1;
  const sort: Sort = SORTS.find((value) => value === params.get('sort')) ?? 'newest';
  const [typed, setTyped] = useState(() => params.get('search') ?? '');
  const [search] = useDebouncedValue(typed, CATALOGUE_SEARCH_DEBOUNCE_MS);
  const categories = useLearnerCategories();

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  // The address keeps the search (a new search starts at page 1), so a found list can be shared or bookmarked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the debounced search settles, not on every render
  useEffect(() => {
    const current = params.get('search') ?? '';
    if (current !== search.trim()) update({ search: search.trim() || null, page: null });
  }, [search]);

  const choose = (id: number | null) => update({ category: id === null ? null : String(id), page: null });
  const chosen = categories.data?.find((category) => category.id === categoryId);

  return (
    <Stack maw={1280} mx="auto" w="100%" gap="lg" data-testid="catalogue-page">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('learner.catalogue.title')}
        </Title>
        <Text c="dimmed">{t('learner.catalogue.description')}</Text>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          {categories.isPending ? (
            <Stack gap="xs" role="status" aria-busy="true" aria-label={t('learner.loading')}>
              {[0, 1, 2, 3, 4].map((key) => (
                <Skeleton key={key} height={36} radius="sm" />
              ))}
            </Stack>
          ) : categories.isError ? (
            <EmptyState
              title={t('learner.catalogue.categories_failed')}
              action={<Button onClick={() => void categories.refetch()}>{t('learner.retry')}</Button>}
              testId="categories-error"
            />
          ) : categories.data.length === 0 ? (
            <Text fz="sm" c="dimmed" data-testid="categories-empty">
              {t('learner.catalogue.no_categories')}
            </Text>
          ) : (
            <>
              <Paper withBorder radius="lg" p="xs" visibleFrom="md">
                <CategoryTree categories={categories.data} selected={categoryId} onChoose={choose} />
              </Paper>
              <Stack hiddenFrom="md">
                <CategorySelect categories={categories.data} selected={categoryId} onChoose={choose} />
              </Stack>
            </>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                type="search"
                label={t('learner.catalogue.search')}
                placeholder={t('learner.catalogue.search_placeholder')}
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                leftSection={<IconSearch size={16} aria-hidden />}
                rightSection={typed !== search ? <Loader size="xs" aria-hidden /> : null}
                maxLength={200}
                style={{ flex: 1, minWidth: 220 }}
                data-testid="catalogue-search"
              />
              <Select
                label={t('learner.catalogue.sort')}
                data={SORTS.map((value) => ({ value, label: t(`learner.catalogue.sorts.${value}`) }))}
                value={sort}
                onChange={(value) => update({ sort: value === 'newest' ? null : value, page: null })}
                allowDeselect={false}
                w={200}
                data-testid="catalogue-sort"
              />
            </Group>
            {chosen && (
              <Group gap="xs">
                <CategoryIcon icon={chosen.icon} />
                <Title order={2} fz="h4" data-testid="catalogue-category-title">
                  {chosen.name}
                </Title>
              </Group>
            )}
            <Results
              categoryId={categoryId}
              search={search}
              sort={sort}
              page={page}
              onPage={(next) => update({ page: next > 1 ? String(next) : null })}
              onClearSearch={() => setTyped('')}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /education-category (user.education-category): categories and the educations open for self-enrolment. */
export default function CataloguePage() {
  const user = useSessionUser();
  if (!user?.modules.includes(CATALOGUE_MODULE)) return <Navigate to="/403" replace />;
  return <Catalogue />;
}
