import type { FaqPublicCategory, FaqPublicQuestion } from '@kampus/shared';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Chip,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.js';
import { AnswerHtml } from './AnswerHtml.js';
import { useFaq } from './api.js';

/** How long typing must pause before the search is sent. */
export const FAQ_SEARCH_DEBOUNCE_MS = 300;
const ALL = 'all';

interface Section {
  key: string;
  title: string;
  questions: FaqPublicQuestion[];
}

/** Questions under their category's heading, in the server's order; questions without a category come last. */
export function sectionsOf(categories: FaqPublicCategory[], questions: FaqPublicQuestion[], otherTitle: string) {
  const sections: Section[] = categories.map((c) => ({
    key: String(c.id),
    title: c.name,
    questions: questions.filter((q) => q.category_id === c.id),
  }));
  sections.push({ key: 'other', title: otherTitle, questions: questions.filter((q) => q.category_id === null) });
  return sections.filter((section) => section.questions.length > 0);
}

function categoryFrom(params: URLSearchParams): number | null {
  const value = Number(params.get('category'));
  return Number.isInteger(value) && value > 0 ? value : null;
}

function FaqSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={t('resource.loading')}>
      {[0, 1, 2, 3].map((key) => (
        <Skeleton key={key} height={52} radius="md" />
      ))}
    </Stack>
  );
}

/** /faq (User.faq): the company's questions, searched as one types, by topic, answers opening one at a time. */
export default function FaqPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(() => params.get('search') ?? '');
  const [search] = useDebouncedValue(typed, FAQ_SEARCH_DEBOUNCE_MS);
  const categoryId = categoryFrom(params);
  const faq = useFaq({ search, categoryId }, i18n.language);

  // The address keeps the search and topic, so a found answer can be shared or bookmarked.
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (search.trim()) next.set('search', search.trim());
        else next.delete('search');
        return next;
      },
      { replace: true },
    );
  }, [search, setParams]);

  const chooseCategory = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === ALL) next.delete('category');
        else next.set('category', value);
        return next;
      },
      { replace: true },
    );
  const clearSearch = () => setTyped('');

  const data = faq.data;
  const sections = data ? sectionsOf(data.categories, data.questions, t('faq.other')) : [];
  const filtering = search.trim() !== '' || categoryId !== null;

  return (
    <Stack maw={860} mx="auto" w="100%" data-testid="faq-page">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('faq.title')}
        </Title>
        <Text c="dimmed">{t('faq.description')}</Text>
      </Stack>
      <TextInput
        type="search"
        label={t('faq.search_label')}
        placeholder={t('faq.search_placeholder')}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={faq.isFetching && !faq.isPending ? <Loader size="xs" aria-hidden /> : null}
        maxLength={200}
        data-testid="faq-search"
      />
      {data && data.categories.length > 0 && (
        <Chip.Group value={categoryId === null ? ALL : String(categoryId)} onChange={(v) => chooseCategory(String(v))}>
          <Group gap="xs" role="group" aria-label={t('faq.categories_label')} data-testid="faq-categories">
            <Chip value={ALL} variant="outline">
              {t('faq.all')}
            </Chip>
            {data.categories.map((category) => (
              <Chip key={category.id} value={String(category.id)} variant="outline">
                <Group gap={6} wrap="nowrap">
                  {category.name}
                  <Badge size="xs" variant="light" circle>
                    {category.count}
                  </Badge>
                </Group>
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
      {faq.isPending && <FaqSkeleton />}
      {faq.isError && !data && (
        <Alert color="danger" title={t('faq.load_failed')} data-testid="faq-error">
          <Button variant="subtle" onClick={() => void faq.refetch()} loading={faq.isFetching}>
            {t('faq.retry')}
          </Button>
        </Alert>
      )}
      {data && sections.length === 0 && (
        <Paper withBorder radius="lg">
          {filtering ? (
            <EmptyState
              title={t('faq.empty_title')}
              text={t('faq.empty_hint')}
              icon={<IconSearch size={26} />}
              testId="faq-empty"
              action={
                search.trim() ? (
                  <Button variant="light" leftSection={<IconX size={16} aria-hidden />} onClick={clearSearch}>
                    {t('faq.clear_search')}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <EmptyState title={t('faq.none_title')} text={t('faq.none_hint')} testId="faq-none" />
          )}
        </Paper>
      )}
      {data && sections.length > 0 && (
        <Stack gap="lg" aria-live="polite">
          <Text fz="sm" c="dimmed" data-testid="faq-count">
            {t('faq.results', { count: data.questions.length })}
          </Text>
          {sections.map((section) => (
            <section key={section.key} aria-labelledby={`faq-section-${section.key}`}>
              <Title order={2} fz="h4" mb="xs" id={`faq-section-${section.key}`}>
                {section.title}
              </Title>
              <Accordion variant="separated" radius="md" chevronPosition="right">
                {section.questions.map((question) => (
                  <Accordion.Item key={question.id} value={String(question.id)} data-testid="faq-question">
                    <Accordion.Control>{question.question}</Accordion.Control>
                    <Accordion.Panel>
                      <AnswerHtml html={question.answer} testId="faq-answer" />
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </section>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
