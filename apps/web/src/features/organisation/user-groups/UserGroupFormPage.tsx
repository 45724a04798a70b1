import { USER_GROUP_KINDS, type UserGroup } from '@kampus/shared';
import {
  Alert,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { DayInput } from '../../../components/DayInput.js';
import { ResourceForm, type ResourceFormControl } from '../../../components/ResourceForm.js';
import { useResourceStore } from '../../../lib/resource.js';
import { useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { RecordFormPage } from '../../frame/admin/records/RecordFormPage.js';
import { useRuleOptions, userGroupsResource } from './api.js';
import { type UserGroupFormValues, updateBody, userGroupFormSchema, userGroupFormValues } from './form.js';
import { GroupMembersPanel } from './GroupMembersPanel.js';
import { MemberPicker } from './MemberPicker.js';
import { RulePreview } from './RulePreview.js';

type Form = ResourceFormControl<typeof userGroupFormSchema>;
type Rules = UserGroupFormValues['rules'];
const LIST = pathTo('company.user.group.index');
const LIST_FIELDS = ['departments', 'titles', 'locations'] as const;

/** The rules of a rule group: values to choose from what the company's users hold (or typed), and a hire-date range. */
function RuleFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const options = useRuleOptions();
  const rules = form.values.rules;
  const set = (change: Partial<Rules>) => form.setField('rules', { ...rules, ...change });
  const day = (field: 'hired_from' | 'hired_to') => (
    <DayInput
      label={t(`user_groups.fields.${field}`)}
      value={rules[field] || null}
      onChange={(day) => set({ [field]: day ?? '' })}
      error={form.errors[`rules.${field}`]}
      data-testid={`group-rule-${field}`}
    />
  );
  return (
    <Stack gap="sm" data-testid="group-rules">
      <div>
        <Title order={2} fz="lg">
          {t('user_groups.rules_title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('user_groups.rules_hint')}
        </Text>
      </div>
      {form.errors.rules && (
        <Alert color="danger" role="alert" data-testid="group-rules-error">
          {form.errors.rules}
        </Alert>
      )}
      {options.isError && <Alert color="warning">{t('resource.load_failed')}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {LIST_FIELDS.map((field) => (
          <TagsInput
            key={field}
            label={t(`user_groups.fields.${field}`)}
            placeholder={t('user_groups.rule_placeholder')}
            data={options.data?.[field] ?? []}
            value={rules[field]}
            onChange={(value) => set({ [field]: value })}
            clearable
            acceptValueOnBlur
            error={form.errors[`rules.${field}`]}
            data-testid={`group-rule-${field}`}
          />
        ))}
        {day('hired_from')}
        {day('hired_to')}
      </SimpleGrid>
      <RulePreview rules={rules} />
    </Stack>
  );
}

function GroupFields({ form, group }: { form: Form; group: UserGroup | null }) {
  const { t } = useTranslation();
  const statusOptions = useActiveStatusOptions('user_groups');
  const kind = form.values.kind;
  return (
    <>
      <Paper withBorder radius="lg" p="lg">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('user_groups.fields.name')}
              name="name"
              required
              autoComplete="off"
              {...form.field('name')}
            />
            <Select
              label={t('user_groups.fields.status')}
              data={statusOptions}
              value={String(form.values.status)}
              onChange={(value) => value !== null && form.setField('status', Number(value))}
              allowDeselect={false}
              error={form.errors.status}
              data-testid="group-status-select"
            />
          </SimpleGrid>
          <Textarea
            label={t('user_groups.fields.description')}
            name="description"
            rows={3}
            {...form.field('description')}
          />
          <Radio.Group
            label={t('user_groups.fields.kind')}
            value={kind}
            onChange={(value) => form.setField('kind', value as UserGroupFormValues['kind'])}
            error={form.errors.kind}
            data-testid="group-kind-select"
          >
            <Stack gap="xs" mt={4}>
              {USER_GROUP_KINDS.map((option) => (
                <Radio
                  key={option}
                  value={option}
                  label={t(`user_groups.kinds.${option}`)}
                  description={t(`user_groups.kind_hints.${option}`)}
                  data-testid={`group-kind-${option}`}
                />
              ))}
            </Stack>
          </Radio.Group>
          {group?.kind === 'static' && kind === 'rule' && group.members_count > 0 && (
            <Alert color="warning" data-testid="group-kind-warning">
              {t('user_groups.kind_change_warning')}
            </Alert>
          )}
        </Stack>
      </Paper>
      {kind === 'static' && !group && (
        <Paper withBorder radius="lg" p="lg">
          <MemberPicker
            value={form.values.members}
            onChange={(people) => form.setField('members', people)}
            label={t('user_groups.fields.members')}
            error={form.errors.members ?? form.errors.member_ids}
            testId="group-member-picker"
          />
        </Paper>
      )}
      {kind === 'rule' && (
        <Paper withBorder radius="lg" p="lg">
          <RuleFields form={form} />
        </Paper>
      )}
    </>
  );
}

function UserGroupForm({ group }: { group: UserGroup | null }) {
  const store = useResourceStore(userGroupsResource);
  const initial = useMemo(() => userGroupFormValues(group), [group]);
  return (
    <ResourceForm
      schema={userGroupFormSchema}
      initial={initial}
      cancelTo={LIST}
      testId="group-form"
      onSave={(data, mode) => {
        const back = { name: 'company.user.group.index' };
        if (!group) {
          // A new group: back to the list, or on to its edit page, where its members are managed.
          const redirect = mode === 'back' ? back : { name: 'company.user.group.edit' };
          return store.create(data, { redirect: { ...redirect, message: 'user_groups.created' } });
        }
        return store.update(group.id, updateBody(data), {
          message: 'user_groups.updated',
          ...(mode === 'back' ? { redirect: { ...back, message: 'user_groups.updated' } } : {}),
        });
      }}
    >
      {(form) => <GroupFields form={form} group={group} />}
    </ResourceForm>
  );
}

/** /admin/user/group/add and /admin/user/group/edit/:id (show_user); the edit page also lists the members. */
export default function UserGroupFormPage() {
  const { t } = useTranslation();
  const { id = null } = useParams();
  return (
    <RecordFormPage
      resource={userGroupsResource}
      id={id}
      description={t(id ? 'user_groups.edit_description' : 'user_groups.add_description')}
      testId="group-form"
    >
      {(group) => (
        <Stack key={group?.id ?? 'new'}>
          <UserGroupForm group={group} />
          {group && <GroupMembersPanel group={group} />}
        </Stack>
      )}
    </RecordFormPage>
  );
}
