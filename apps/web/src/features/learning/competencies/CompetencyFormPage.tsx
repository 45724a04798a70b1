import {
  COMPETENCY_DESCRIPTION_MAX,
  COMPETENCY_LEVELS_MAX,
  type Competency,
  competencyCreateSchema,
} from '@kampus/shared';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { draftOf, LocalizedNameField } from '../../../components/LanguageTabs.js';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { ActiveStatusSelect } from '../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../frame/admin/records/RecordFormPage.js';
import { useDefaultLanguage, useLocalizedText } from '../../organisation/faq/admin/api.js';
import { competenciesResource, useCompetencyCategories } from './api.js';

const NS = 'competencies';
const LIST = pathTo('company.competencies');

/** The level names, lowest first: rename, add, remove, move. Level n is the n-th name. */
function LevelsField({
  levels,
  onChange,
  errorOf,
  error,
  held,
}: {
  levels: string[];
  onChange: (levels: string[]) => void;
  errorOf: (index: number) => string | undefined;
  error?: string;
  /** The competency is in use: levels may be renamed and added, and removing one is checked by the server. */
  held: boolean;
}) {
  const { t } = useTranslation();
  const move = (from: number, to: number) => {
    const next = [...levels];
    const [item] = next.splice(from, 1);
    if (item !== undefined) next.splice(to, 0, item);
    onChange(next);
  };
  return (
    <Stack gap="xs" data-testid="competency-levels">
      <Title order={2} fz="lg">
        {t(`${NS}.levels_title`)}
      </Title>
      <Text fz="sm" c="dimmed">
        {t(held ? `${NS}.levels_hint_held` : `${NS}.levels_hint`)}
      </Text>
      {levels.map((name, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a level is its position; the inputs follow it
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} w={28} pt={6} ta="right" aria-hidden>
            {index + 1}.
          </Text>
          <TextInput
            flex={1}
            aria-label={t(`${NS}.level_label`, { level: index + 1 })}
            value={name}
            onChange={(event) => onChange(levels.map((v, i) => (i === index ? event.currentTarget.value : v)))}
            error={errorOf(index)}
            autoComplete="off"
            data-testid={`competency-level-${index}`}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            disabled={index === 0}
            onClick={() => move(index, index - 1)}
            aria-label={t(`${NS}.level_up`, { level: index + 1 })}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            disabled={index === levels.length - 1}
            onClick={() => move(index, index + 1)}
            aria-label={t(`${NS}.level_down`, { level: index + 1 })}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="danger"
            disabled={levels.length <= 2}
            onClick={() => onChange(levels.filter((_, i) => i !== index))}
            aria-label={t(`${NS}.level_remove`, { level: index + 1 })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {error && (
        <Text c="danger" fz="sm" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={levels.length >= COMPETENCY_LEVELS_MAX}
          onClick={() => onChange([...levels, ''])}
          data-testid="competency-level-add"
        >
          {t(`${NS}.level_add`)}
        </Button>
      </Group>
    </Stack>
  );
}

function CompetencyForm({ competency }: { competency: Competency | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(competenciesResource, competency);
  const defaultLanguage = useDefaultLanguage();
  const localized = useLocalizedText();
  const categories = useCompetencyCategories();
  const initial = useMemo(
    () => ({
      names: draftOf(competency?.names),
      description: competency?.description ?? '',
      category_id: competency?.category?.id ?? null,
      levels: competency?.levels ?? t(`${NS}.default_levels`).split('|'),
      status: competency?.status ?? 1,
    }),
    [competency, t],
  );
  return (
    <ResourceForm
      schema={competencyCreateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="competency-form"
      onSave={save}
    >
      {(form) => {
        const levels = (form.values.levels ?? []) as string[];
        return (
          <Stack>
            <Paper withBorder radius="lg" p="lg">
              <Stack>
                <LocalizedNameField
                  label={t(`${NS}.fields.name`)}
                  value={form.values.names}
                  onChange={(value) => form.setField('names', value)}
                  error={form.errors.names}
                  languageError={(lang) => form.errors[`names.${lang}`]}
                  defaultLanguage={defaultLanguage}
                  testId="competency"
                />
                <Textarea
                  label={t(`${NS}.fields.description`)}
                  autosize
                  minRows={2}
                  maxLength={COMPETENCY_DESCRIPTION_MAX}
                  {...form.field('description')}
                  data-testid="competency-description"
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    label={t(`${NS}.fields.category`)}
                    placeholder={t(`${NS}.no_category`)}
                    data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: localized(c.names) }))}
                    value={form.values.category_id ? String(form.values.category_id) : null}
                    onChange={(value) => form.setField('category_id', value ? Number(value) : null)}
                    clearable
                    error={form.errors.category_id}
                    data-testid="competency-category"
                  />
                  <ActiveStatusSelect
                    namespace={NS}
                    value={form.values.status}
                    onChange={(status) => form.setField('status', status)}
                    error={form.errors.status}
                  />
                </SimpleGrid>
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="lg">
              <LevelsField
                levels={levels}
                onChange={(next) => form.setField('levels', next)}
                errorOf={(index) => form.errors[`levels.${index}`]}
                error={form.errors.levels}
                held={(competency?.people ?? 0) > 0}
              />
            </Paper>
          </Stack>
        );
      }}
    </ResourceForm>
  );
}

/** `/admin/competencies-and-user-definitions/add` and `/:id/edit` (read_competency). */
export default function CompetencyFormPage() {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={competenciesResource} id={id} testId="competency-form">
      {(competency) => <CompetencyForm key={competency?.id ?? 'new'} competency={competency} />}
    </RecordFormPage>
  );
}
