import { type AdminUser, type LabelledCustomField, LOCALES, type Locale, USER_STATUS_NAMES } from '@kampus/shared';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Fieldset,
  Loader,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { DayInput } from '../../../components/DayInput.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { ResourceForm, type ResourceFormControl } from '../../../components/ResourceForm.js';
import { useResourceStore } from '../../../lib/resource.js';
import { useSessionUser } from '../../../lib/session.js';
import { sessionCan } from '../../frame/admin/access.js';
import { useAssignableRoles, useRoleLabel } from '../../identity/roles/api.js';
import { USER_STATUSES, useManagerOptions, usersResource, useUserCustomFields } from './api.js';
import { userFormSchema, userFormValues } from './form.js';

type Form = ResourceFormControl<typeof userFormSchema>;
const LIST = pathTo('company.user.list');

/** A searchable select over the company's users; the current manager stays an option while other names are typed. */
function ManagerSelect({ form, user }: { form: Form; user: AdminUser | null }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = useManagerOptions(debounced);
  const options = useMemo(() => {
    const people = (query.data ?? []).filter((person) => person.id !== user?.id);
    const current = user?.manager;
    const list = people.map((person) => ({ value: String(person.id), label: `${person.name} ${person.surname}` }));
    if (current && !people.some((person) => person.id === current.id)) {
      list.unshift({ value: String(current.id), label: `${current.name} ${current.surname}` });
    }
    return list;
  }, [query.data, user]);
  return (
    <Select
      label={t('users.fields.manager')}
      data={options}
      value={form.values.manager_id === null ? null : String(form.values.manager_id)}
      onChange={(value) => form.setField('manager_id', value ? Number(value) : null)}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={query.isFetching ? t('resource.loading') : t('users.no_manager_found')}
      error={form.errors.manager_id}
      data-testid="user-manager"
    />
  );
}

/**
 * The company's roles from `GET api/admin/roles`. The user's current roles stay choosable (and named) even when the
 * list cannot show them, e.g. super admin to a company admin; the API keeps what the admin may not change.
 */
function RolePicker({ form, user }: { form: Form; user: AdminUser | null }) {
  const { t } = useTranslation();
  const roles = useAssignableRoles();
  const label = useRoleLabel();
  const options = useMemo(() => {
    const list = (roles.data ?? []).map((role) => ({ value: String(role.id), label: label(role) }));
    for (const role of user?.roles ?? []) {
      if (!list.some((option) => option.value === String(role.id))) {
        list.push({ value: String(role.id), label: label(role) });
      }
    }
    return list;
  }, [roles.data, user, label]);
  const loadError = roles.isError ? t('resource.load_failed') : undefined;
  return (
    <MultiSelect
      label={t('users.fields.roles')}
      data={options}
      value={form.values.role_ids.map(String)}
      onChange={(value) => form.setField('role_ids', value.map(Number))}
      error={form.errors.role_ids ?? loadError}
      rightSection={roles.isLoading ? <Loader size="xs" aria-label={t('resource.loading')} /> : undefined}
      required
      data-testid="user-roles"
    />
  );
}

/** One input per field the company defines, in its order; without any, a way to the settings for those who may. */
function CompanyFields({ form, fields }: { form: Form; fields: readonly LabelledCustomField[] }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const values = form.values.custom_fields;
  const listError = form.errors.custom_fields;
  return (
    <Fieldset legend={t('user_fields.form_legend')} variant="unstyled" data-testid="user-custom-fields">
      {fields.length === 0 ? (
        <Stack gap={4} data-testid="user-custom-fields-empty">
          <Text fz="sm" c="dimmed">
            {t('user_fields.form_empty')}
          </Text>
          {sessionCan(user?.roles, 'read_companysetting') && (
            <Anchor component={Link} to={pathTo('company.settings')} fz="sm" data-testid="user-custom-fields-settings">
              {t('user_fields.form_empty_link')}
            </Anchor>
          )}
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.map((field) => (
            <TextInput
              key={field.key}
              label={field.label}
              name={`custom_fields.${field.key}`}
              autoComplete="off"
              value={values[field.key] ?? ''}
              onChange={(event) =>
                form.setField('custom_fields', { ...values, [field.key]: event.currentTarget.value })
              }
              error={form.errors[`custom_fields.${field.key}`]}
              data-testid={`user-custom-field-${field.key}`}
            />
          ))}
        </SimpleGrid>
      )}
      {listError && (
        <Text fz="sm" c="danger.8" role="alert" mt="xs">
          {listError}
        </Text>
      )}
    </Fieldset>
  );
}

function UserFields({
  form,
  user,
  fields,
}: {
  form: Form;
  user: AdminUser | null;
  fields: readonly LabelledCustomField[];
}) {
  const { t } = useTranslation();
  const text = (name: 'name' | 'surname' | 'phone' | 'registration_number' | 'national_id', auto?: string) => (
    <TextInput label={t(`users.fields.${name}`)} name={name} autoComplete={auto ?? 'off'} {...form.field(name)} />
  );
  const hireDate = form.values.hire_date;
  return (
    <>
      <Paper withBorder radius="lg" p="lg">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('users.fields.name')} name="name" required autoComplete="off" {...form.field('name')} />
            <TextInput
              label={t('users.fields.surname')}
              name="surname"
              required
              autoComplete="off"
              {...form.field('surname')}
            />
            <TextInput
              label={t('users.fields.email')}
              name="email"
              type="email"
              autoComplete="off"
              description={t('users.identifier_hint')}
              {...form.field('email')}
            />
            <TextInput
              label={t('users.fields.username')}
              name="username"
              autoComplete="off"
              {...form.field('username')}
            />
            {text('phone')}
            {text('registration_number')}
            {text('national_id')}
            <Select
              label={t('users.fields.language')}
              data={LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
              value={form.values.language}
              onChange={(value) => value && form.setField('language', value)}
              allowDeselect={false}
              error={form.errors.language}
              data-testid="user-language"
            />
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <RolePicker form={form} user={user} />
          <Select
            label={t('users.fields.status')}
            data={USER_STATUSES.map((status) => ({
              value: String(status),
              label: t(`users.status.${USER_STATUS_NAMES[status]}`),
            }))}
            value={String(form.values.status)}
            onChange={(value) => value !== null && form.setField('status', Number(value))}
            allowDeselect={false}
            error={form.errors.status}
            data-testid="user-status-select"
          />
          <TextInput label={t('users.fields.department')} name="department" {...form.field('department')} />
          <TextInput label={t('users.fields.title')} name="title" {...form.field('title')} />
          <ManagerSelect form={form} user={user} />
          <TextInput label={t('users.fields.location')} name="location" {...form.field('location')} />
          <DayInput
            label={t('users.fields.hire_date')}
            value={hireDate}
            onChange={(day) => form.setField('hire_date', day ?? '')}
            error={form.errors.hire_date}
            data-testid="user-hire-date"
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <CompanyFields form={form} fields={fields} />
      </Paper>
    </>
  );
}

function UserForm({ user, fields }: { user: AdminUser | null; fields: readonly LabelledCustomField[] }) {
  const { i18n } = useTranslation();
  const store = useResourceStore(usersResource);
  const language = (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'tr';
  const initial = useMemo(() => userFormValues(user, { language }, fields), [user, language, fields]);
  return (
    <ResourceForm
      schema={userFormSchema}
      initial={initial}
      cancelTo={LIST}
      testId="user-form"
      onSave={(data, mode) => {
        if (!user) {
          // A new user: back to the list, or on to their edit page to go on working.
          const redirect = mode === 'back' ? { name: 'company.user.list' } : { name: 'company.user.edit' };
          return store.create(data, { redirect: { ...redirect, message: 'users.created' } });
        }
        // Saving an existing user navigates only for save-and-back (the store's update rule).
        return store.update(user.id, data, {
          message: 'users.updated',
          ...(mode === 'back' ? { redirect: { name: 'company.user.list', message: 'users.updated' } } : {}),
        });
      }}
    >
      {(form) => <UserFields form={form} user={user} fields={fields} />}
    </ResourceForm>
  );
}

/** /admin/user/add and /admin/user/edit/:id: the form waits for the person (when editing) and the company's fields. */
export default function UserFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const store = useResourceStore(usersResource, { id: id ?? null });
  const fieldsQuery = useUserCustomFields();
  const { itemQuery } = store;
  const loading = (id && itemQuery.isLoading) || fieldsQuery.isLoading;
  const failed = (id && itemQuery.isError) || fieldsQuery.isError;
  const retry = () => {
    if (id && itemQuery.isError) void itemQuery.refetch();
    if (fieldsQuery.isError) void fieldsQuery.refetch();
  };
  const fields = fieldsQuery.data;
  return (
    <Stack maw={960}>
      <PageHeader description={t(id ? 'users.edit_description' : 'users.add_description')} />
      {loading && (
        <Center p="xl">
          <Loader aria-label={t('resource.loading')} />
        </Center>
      )}
      {failed && (
        <Alert color="danger" title={t('resource.load_failed')} data-testid="user-form-load-error">
          <Button variant="subtle" onClick={retry}>
            {t('resource.retry')}
          </Button>
        </Alert>
      )}
      {!id && fields && <UserForm user={null} fields={fields} />}
      {id && store.item && fields && <UserForm key={store.item.id} user={store.item} fields={fields} />}
    </Stack>
  );
}
