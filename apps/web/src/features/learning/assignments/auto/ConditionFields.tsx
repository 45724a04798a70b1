import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConditionOptions, useRulePreview } from './api.js';
import { type AutoAssignmentFormValues, conditionsOf } from './form.js';

const NS = 'autoAssignment';
type Conditions = AutoAssignmentFormValues['conditions'];
const LIST_FIELDS = ['departments', 'titles', 'locations'] as const;

interface ConditionFieldsProps {
  conditions: Conditions;
  onChange: (conditions: Conditions) => void;
  errors: Record<string, string | undefined>;
}

/** The rule's conditions: groups, department, title, location, hire date, the company's own user fields, new users. */
export function ConditionFields({ conditions, onChange, errors }: ConditionFieldsProps) {
  const { t } = useTranslation();
  const options = useConditionOptions();
  const set = (change: Partial<Conditions>) => onChange({ ...conditions, ...change });
  const fields = options.data?.fields ?? [];
  const usedKeys = new Set(conditions.custom_fields.map((field) => field.key));
  const setField = (index: number, change: Partial<Conditions['custom_fields'][number]>) =>
    set({
      custom_fields: conditions.custom_fields.map((field, at) => (at === index ? { ...field, ...change } : field)),
    });
  return (
    <Stack gap="sm" data-testid="auto-conditions">
      <div>
        <Title order={2} fz="lg">
          {t(`${NS}.conditions_title`)}
        </Title>
        <Text fz="sm" c="dimmed">
          {t(`${NS}.conditions_hint`)}
        </Text>
      </div>
      {errors.conditions && (
        <Alert color="danger" role="alert" data-testid="auto-conditions-error">
          {errors.conditions}
        </Alert>
      )}
      {options.isError && <Alert color="warning">{t('resource.load_failed')}</Alert>}
      <Checkbox
        label={t(`${NS}.fields.new_users`)}
        description={t(`${NS}.new_users_hint`)}
        checked={conditions.new_users}
        onChange={(event) => set({ new_users: event.currentTarget.checked })}
        data-testid="auto-condition-new-users"
      />
      <MultiSelect
        label={t(`${NS}.fields.group_ids`)}
        placeholder={conditions.group_ids.length === 0 ? t(`${NS}.groups_placeholder`) : undefined}
        data={(options.data?.groups ?? []).map((group) => ({ value: String(group.id), label: group.name }))}
        value={conditions.group_ids}
        onChange={(group_ids) => set({ group_ids })}
        searchable
        clearable
        error={errors['conditions.group_ids']}
        data-testid="auto-condition-groups"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {LIST_FIELDS.map((field) => (
          <TagsInput
            key={field}
            label={t(`${NS}.fields.${field}`)}
            placeholder={t(`${NS}.rule_placeholder`)}
            data={options.data?.[field] ?? []}
            value={conditions[field]}
            onChange={(value) => set({ [field]: value })}
            clearable
            acceptValueOnBlur
            error={errors[`conditions.${field}`]}
            data-testid={`auto-condition-${field}`}
          />
        ))}
        <NumberInput
          label={t(`${NS}.fields.hired_within_days`)}
          description={t(`${NS}.hired_within_days_hint`)}
          value={conditions.hired_within_days}
          onChange={(value) => set({ hired_within_days: typeof value === 'number' ? value : '' })}
          min={1}
          max={3650}
          allowDecimal={false}
          allowNegative={false}
          error={errors['conditions.hired_within_days']}
          data-testid="auto-condition-hired"
        />
      </SimpleGrid>
      <Stack gap="xs">
        <Text fw={500} fz="sm">
          {t(`${NS}.fields.custom_fields`)}
        </Text>
        {fields.length === 0 && options.isSuccess && (
          <Text fz="sm" c="dimmed">
            {t(`${NS}.no_fields`)}
          </Text>
        )}
        {conditions.custom_fields.map((field, index) => {
          const label = fields.find((known) => known.key === field.key)?.label ?? field.key;
          return (
            <Group key={field.key || `new-${index}`} align="flex-start" wrap="nowrap" data-testid="auto-field-row">
              <Select
                label={t(`${NS}.fields.field_key`)}
                placeholder={t(`${NS}.field_placeholder`)}
                data={fields
                  .filter((known) => known.key === field.key || !usedKeys.has(known.key))
                  .map((known) => ({ value: known.key, label: known.label }))}
                value={field.key || null}
                onChange={(key) => setField(index, { key: key ?? '' })}
                error={errors[`conditions.custom_fields.${index}.key`]}
                style={{ flex: 1 }}
              />
              <TagsInput
                label={t(`${NS}.fields.field_values`)}
                placeholder={t(`${NS}.rule_placeholder`)}
                value={field.values}
                onChange={(values) => setField(index, { values })}
                acceptValueOnBlur
                error={errors[`conditions.custom_fields.${index}.values`]}
                style={{ flex: 2 }}
              />
              <ActionIcon
                variant="subtle"
                color="danger"
                mt={28}
                onClick={() => set({ custom_fields: conditions.custom_fields.filter((_, at) => at !== index) })}
                aria-label={t(`${NS}.field_remove`, { field: label })}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        {fields.length > conditions.custom_fields.length && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => set({ custom_fields: [...conditions.custom_fields, { key: '', values: [] }] })}
            style={{ alignSelf: 'flex-start' }}
            data-testid="auto-field-add"
          >
            {t(`${NS}.field_add`)}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** How many people the conditions match now (and a saved rule has not assigned yet), and the first of them. */
export function RulePreview({ conditions, ruleId }: { conditions: Conditions; ruleId?: number }) {
  const { t } = useTranslation();
  const preview = useRulePreview(conditionsOf(conditions), ruleId);
  const count = preview.data?.count ?? 0;
  const onlyNewUsers =
    conditions.new_users && !ruleId && preview.data !== undefined && preview.data.count === 0 && !preview.idle;
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" data-testid="auto-preview" aria-live="polite">
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={3} fz="md">
            {t(`${NS}.preview_title`)}
          </Title>
          {preview.isFetching && <Loader size="xs" aria-label={t('resource.loading')} />}
        </Group>
        {preview.idle && (
          <Text fz="sm" c="dimmed" data-testid="auto-preview-idle">
            {t(`${NS}.preview_need_condition`)}
          </Text>
        )}
        {!preview.idle && preview.isError && (
          <Alert color="danger" data-testid="auto-preview-error">
            {t(`${NS}.preview_failed`)}
          </Alert>
        )}
        {!preview.idle && preview.data && (
          <>
            <Text fw={600} data-testid="auto-preview-count" data-count={count}>
              {count === 0
                ? t(onlyNewUsers ? `${NS}.preview_new_users` : `${NS}.preview_none`)
                : t(ruleId ? `${NS}.preview_count_edit` : `${NS}.preview_count`, { count })}
            </Text>
            {preview.data.people.length > 0 && (
              <>
                <Text fz="sm" c="dimmed">
                  {t(`${NS}.preview_first`, { count: preview.data.people.length })}
                </Text>
                <List size="sm" spacing={2}>
                  {preview.data.people.map((person) => (
                    <List.Item key={person.id}>
                      {person.name} {person.surname}
                      {person.department ? ` · ${person.department}` : ''}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
