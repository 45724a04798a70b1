import { type DrawRule, type DrawRuleInput, EXAM_DRAW_RULES_MAX, QUESTION_DIFFICULTIES } from '@kampus/shared';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHashtagOptions } from '../../content/api.js';
import { useCategoryOptions } from '../../educations/admin/category-options.js';
import { useDrawCount } from './api.js';

const NS = 'examAdmin';
const ANY = 'any';

/** A rule as the form holds it: every field present. */
const asRule = (rule: DrawRuleInput): DrawRule => ({
  category_id: rule.category_id ?? null,
  hashtag_ids: rule.hashtag_ids ?? [],
  difficulty: rule.difficulty ?? null,
  count: rule.count,
});

/** "N questions match" for the rule as it stands (counted on the server, a moment after the last change). */
function MatchCount({ rule, language }: { rule: DrawRule; language: string }) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(rule, 300);
  const count = useDrawCount(debounced.count >= 1 ? { ...debounced, count: 1 } : null, language);
  if (count.isLoading) {
    return (
      <Group gap={6}>
        <Loader size="xs" aria-hidden />
        <Text fz="xs" c="dimmed">
          {t(`${NS}.rules.counting`)}
        </Text>
      </Group>
    );
  }
  if (count.data === undefined) return null;
  const short = count.data < rule.count;
  return (
    <Badge color={short ? 'danger' : 'success'} variant="light" role="status" data-testid="rule-match-count">
      {short ? t(`${NS}.rules.short`, { count: count.data }) : t(`${NS}.rules.matches`, { count: count.data })}
    </Badge>
  );
}

interface DrawRulesBuilderProps {
  rules: DrawRuleInput[];
  onChange: (rules: DrawRuleInput[]) => void;
  errors: Record<string, string | undefined>;
  /** The exam's language: only questions in it are drawn and counted. */
  language: string;
}

/**
 * The random draw's rules: each a count of questions from a category (and its sub-categories), with all the hashtags
 * named, of a difficulty — every criterion optional — with the bank's live count of questions that match.
 */
export function DrawRulesBuilder({ rules, onChange, errors, language }: DrawRulesBuilderProps) {
  const { t } = useTranslation();
  const categories = useCategoryOptions();
  const hashtags = useHashtagOptions();
  const update = (index: number, change: Partial<DrawRuleInput>) =>
    onChange(rules.map((rule, i) => (i === index ? { ...rule, ...change } : rule)));
  const total = rules.reduce((sum, rule) => sum + (Number.isFinite(rule.count) ? rule.count : 0), 0);
  return (
    <Stack gap="sm" data-testid="draw-rules">
      <Group justify="space-between" align="baseline">
        <Title order={4} fz="sm">
          {t(`${NS}.rules.title`)}
        </Title>
        {rules.length > 0 && (
          <Text fz="sm" c="dimmed" data-testid="draw-total">
            {t(`${NS}.rules.total`, { count: total })}
          </Text>
        )}
      </Group>
      <Text fz="sm" c="dimmed">
        {t(`${NS}.rules.hint`)}
      </Text>
      {errors.draw_rules && (
        <Text c="danger" fz="sm" role="alert">
          {errors.draw_rules}
        </Text>
      )}
      {rules.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t(`${NS}.rules.empty`)}
        </Text>
      )}
      {rules.map((input, index) => {
        const rule = asRule(input);
        const number = index + 1;
        const countError = errors[`draw_rules.${index}.count`];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity of their own; their place is it.
          <Paper key={index} withBorder radius="md" p="sm" data-testid="draw-rule">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600} fz="sm">
                  {t(`${NS}.rules.rule`, { number })}
                </Text>
                <Group gap="xs">
                  <MatchCount rule={rule} language={language} />
                  <ActionIcon
                    variant="subtle"
                    color="danger"
                    aria-label={t(`${NS}.rules.remove`, { number })}
                    onClick={() => onChange(rules.filter((_, i) => i !== index))}
                    data-testid="draw-rule-remove"
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
                <Select
                  label={t(`${NS}.rules.category`)}
                  data={[{ value: ANY, label: t(`${NS}.rules.any_category`) }, ...categories.options]}
                  value={rule.category_id === null ? ANY : String(rule.category_id)}
                  onChange={(value) => update(index, { category_id: !value || value === ANY ? null : Number(value) })}
                  allowDeselect={false}
                  searchable
                  error={errors[`draw_rules.${index}.category_id`]}
                  data-testid="draw-rule-category"
                />
                <MultiSelect
                  label={t(`${NS}.rules.hashtags`)}
                  data={(hashtags.data ?? []).map((tag) => ({ value: String(tag.id), label: `#${tag.name}` }))}
                  value={rule.hashtag_ids.map(String)}
                  onChange={(values) => update(index, { hashtag_ids: values.map(Number) })}
                  searchable
                  error={errors[`draw_rules.${index}.hashtag_ids`]}
                />
                <Select
                  label={t(`${NS}.rules.difficulty`)}
                  data={[
                    { value: ANY, label: t(`${NS}.rules.any_difficulty`) },
                    ...QUESTION_DIFFICULTIES.map((v) => ({ value: v, label: t(`questions.difficulties.${v}`) })),
                  ]}
                  value={rule.difficulty ?? ANY}
                  onChange={(value) =>
                    update(index, {
                      difficulty: !value || value === ANY ? null : (value as DrawRule['difficulty']),
                    })
                  }
                  allowDeselect={false}
                  data-testid="draw-rule-difficulty"
                />
                <NumberInput
                  label={t(`${NS}.rules.count`)}
                  min={1}
                  max={200}
                  allowDecimal={false}
                  value={rule.count}
                  onChange={(value) => update(index, { count: typeof value === 'number' ? value : Number(value) || 0 })}
                  error={countError}
                  data-testid="draw-rule-count"
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onChange([...rules, { category_id: null, hashtag_ids: [], difficulty: null, count: 5 }])}
          disabled={rules.length >= EXAM_DRAW_RULES_MAX}
          data-testid="draw-rule-add"
        >
          {t(`${NS}.rules.add`)}
        </Button>
      </Group>
    </Stack>
  );
}
