import { SEARCH_QUERY_MAX, type SearchGroup, type SearchHit, type SearchKind } from '@kampus/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBook2, IconHelpCircle, IconPlayerPlay, type IconProps, IconRoute, IconSearch } from '@tabler/icons-react';
import { type ComponentType, type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useHasPage } from '../../../app/route-table.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { UserAvatar } from '../../../components/UserAvatar.js';
import { useMoreOfKind, useSearch } from './api.js';
import { Highlighted } from './Highlighted.js';
import { hitLink } from './links.js';

const KIND_ICONS: Record<Exclude<SearchKind, 'person'>, ComponentType<IconProps>> = {
  education: IconBook2,
  program: IconRoute,
  content: IconPlayerPlay,
  faq: IconHelpCircle,
};

/** The picture of a hit: a person's photo, a cover image, or the icon of its kind. */
function HitVisual({ hit }: { hit: SearchHit }) {
  if (hit.kind === 'person') return <UserAvatar photo={hit.image_url} size={48} />;
  if (hit.image_url) return <Image src={hit.image_url} alt="" w={72} h={48} radius="sm" fit="cover" />;
  const Icon = KIND_ICONS[hit.kind];
  return (
    <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
      <Icon size={24} />
    </ThemeIcon>
  );
}

function HitRow({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation();
  const hasPage = useHasPage();
  const link = hitLink(hit, hasPage);
  const title = <Highlighted text={hit.title} ranges={hit.title_highlights} />;
  return (
    <Group wrap="nowrap" align="flex-start" gap="md" py="xs" data-testid="search-hit" data-kind={hit.kind}>
      <HitVisual hit={hit} />
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          {link ? (
            <Anchor component={Link} to={link} fw={600} c="var(--mantine-color-text)" data-testid="search-hit-link">
              {title}
            </Anchor>
          ) : (
            <Text fw={600}>{title}</Text>
          )}
          {hit.enrolled && (
            <Badge size="sm" variant="light" color="success">
              {t('search.enrolled')}
            </Badge>
          )}
        </Group>
        {hit.snippet && (
          <Text fz="sm" c="dimmed" lineClamp={2}>
            <Highlighted text={hit.snippet} ranges={hit.snippet_highlights} />
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** One kind's results: its count, its first hits, and "show more" fetching the next pages of that kind alone. */
function GroupSection({ group, query }: { group: SearchGroup; query: string }) {
  const { t, i18n } = useTranslation();
  const [wantsMore, setWantsMore] = useState(false);
  const more = useMoreOfKind(query, group.kind, i18n.language, wantsMore);
  const hits = [...group.hits, ...(more.data?.pages.flatMap((page) => page?.hits ?? []) ?? [])];
  const hasMore = wantsMore ? more.hasNextPage : group.total > group.hits.length;
  const headingId = `search-group-${group.kind}`;
  const showMore = () => (wantsMore ? void more.fetchNextPage() : setWantsMore(true));
  return (
    <Card
      component="section"
      withBorder
      radius="lg"
      padding="lg"
      aria-labelledby={headingId}
      id={`search-${group.kind}`}
      data-testid={`search-group-${group.kind}`}
    >
      <Group justify="space-between" mb="xs">
        <Group gap="xs">
          <Title order={2} fz="h4" id={headingId}>
            {t(`search.kinds.${group.kind}`)}
          </Title>
          <Badge variant="light" data-testid="search-group-total">
            {group.total}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('search.showing', { shown: hits.length, total: group.total })}
        </Text>
      </Group>
      <Stack gap={0}>
        {hits.map((hit) => (
          <HitRow key={`${hit.kind}-${hit.id}`} hit={hit} />
        ))}
      </Stack>
      {more.isError && (
        <Text c="danger" fz="sm" mt="xs" role="alert">
          {t('search.more_failed')}
        </Text>
      )}
      {hasMore && (
        <Button
          variant="light"
          mt="sm"
          onClick={showMore}
          loading={more.isFetching}
          data-testid="search-show-more"
          aria-describedby={headingId}
        >
          {t('search.show_more')}
        </Button>
      )}
    </Card>
  );
}

function ResultsSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t('resource.loading')}>
      {[0, 1].map((key) => (
        <Paper key={key} withBorder radius="lg" p="lg">
          <Skeleton height={20} width="30%" mb="md" />
          {[0, 1, 2].map((row) => (
            <Group key={row} wrap="nowrap" mb="sm">
              <Skeleton height={48} width={48} radius="md" />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={14} width="60%" />
                <Skeleton height={12} width="85%" />
              </Stack>
            </Group>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

/** /search?q= (user.search): one box, results grouped by kind with their counts, matches marked. */
export default function SearchPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
  const [typed, setTyped] = useState(query);
  const search = useSearch(query, i18n.language);

  // The header's box navigates here with a new q: the page's box follows it.
  useEffect(() => setTyped(query), [query]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = typed.trim();
    setParams(next ? { q: next } : {});
  };

  const groups = search.data?.groups.filter((group) => group.total > 0) ?? [];
  const total = groups.reduce((sum, group) => sum + group.total, 0);

  return (
    <Stack maw={960} mx="auto" w="100%" data-testid="search-page">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('search.title')}
        </Title>
        <Text c="dimmed">{t('search.description')}</Text>
      </Stack>
      <form onSubmit={submit}>
        <Group align="flex-end" wrap="nowrap" gap="xs">
          <TextInput
            type="search"
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={SEARCH_QUERY_MAX}
            style={{ flex: 1 }}
            size="md"
            data-testid="search-input"
          />
          <Button type="submit" size="md">
            {t('search.submit')}
          </Button>
        </Group>
      </form>
      {query === '' && (
        <Paper withBorder radius="lg">
          <EmptyState
            title={t('search.prompt_title')}
            text={t('search.prompt_hint')}
            icon={<IconSearch size={26} />}
            testId="search-prompt"
          />
        </Paper>
      )}
      {query !== '' && search.isPending && <ResultsSkeleton />}
      {search.isError && (
        <Alert color="danger" title={t('search.load_failed')} data-testid="search-error">
          <Button variant="subtle" onClick={() => void search.refetch()} loading={search.isFetching}>
            {t('search.retry')}
          </Button>
        </Alert>
      )}
      {search.data && groups.length === 0 && (
        <Paper withBorder radius="lg">
          <EmptyState
            title={t('search.empty_title', { query })}
            text={t('search.empty_hint')}
            icon={<IconSearch size={26} />}
            testId="search-empty"
          />
        </Paper>
      )}
      {search.data && groups.length > 0 && (
        <Stack gap="md" aria-live="polite">
          <Text fz="sm" c="dimmed" data-testid="search-count">
            {t('search.results', { count: total, query })}
          </Text>
          <Group gap="xs" role="navigation" aria-label={t('search.groups_label')}>
            {groups.map((group) => (
              <Button
                key={group.kind}
                size="xs"
                variant="default"
                radius="xl"
                onClick={() => document.getElementById(`search-${group.kind}`)?.scrollIntoView({ block: 'start' })}
              >
                {t(`search.kinds.${group.kind}`)} · {group.total}
              </Button>
            ))}
          </Group>
          {groups.map((group) => (
            <GroupSection key={`${query}-${group.kind}`} group={group} query={query} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
