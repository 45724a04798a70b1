import { type AdminRole, adminRoleCreateSchema, type Permission, rolesContract } from '@kampus/shared';
import { Alert, Button, Center, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { useResourceStore } from '../../../lib/resource.js';
import { useSessionUser } from '../../../lib/session.js';
import { sessionMayWrite } from '../../frame/admin/access.js';
import { rolesResource, useRoleLabel } from './api.js';
import { PermissionMatrix } from './PermissionMatrix.js';

const LIST = pathTo('company.role.index');

/** A role that cannot be changed here: a built-in one, or any role for a viewer without create_role. */
function RoleView({ record: role }: { record: AdminRole }) {
  const { t } = useTranslation();
  const label = useRoleLabel();
  return (
    <Stack data-testid="role-readonly">
      {role.built_in && (
        <Alert color="gray" data-testid="role-built-in-notice">
          {t('roles.built_in_notice')}
        </Alert>
      )}
      <Paper withBorder radius="lg" p="lg">
        <Title order={2} fz="h3">
          {label(role)}
        </Title>
        {role.permissions.length === 0 && <Text c="dimmed">{t('roles.no_permissions')}</Text>}
      </Paper>
      <PermissionMatrix value={role.permissions} />
    </Stack>
  );
}

function RoleForm({ record: role }: { record: AdminRole | null }) {
  const { t } = useTranslation();
  const store = useResourceStore(rolesResource);
  const initial = useMemo(() => ({ name: role?.name ?? '', permissions: role?.permissions ?? [] }), [role]);
  return (
    <ResourceForm
      schema={adminRoleCreateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="role-form"
      onSave={(data, mode) => {
        if (!role) {
          const redirect = mode === 'back' ? { name: 'company.role.index' } : { name: 'company.role.edit' };
          return store.create(data, { redirect: { ...redirect, message: 'roles.created' } });
        }
        return store.update(role.id, data, {
          message: 'roles.updated',
          ...(mode === 'back' ? { redirect: { name: 'company.role.index', message: 'roles.updated' } } : {}),
        });
      }}
    >
      {(form) => (
        <>
          <Paper withBorder radius="lg" p="lg">
            <TextInput label={t('roles.fields.name')} name="name" required autoComplete="off" {...form.field('name')} />
          </Paper>
          <Paper withBorder radius="lg" p="lg">
            <Stack>
              <Title order={2} fz="h4">
                {t('roles.matrix_label')}
              </Title>
              <PermissionMatrix
                value={(form.values.permissions ?? []) as Permission[]}
                onChange={(next) => form.setField('permissions', next)}
                error={Object.entries(form.errors).find(([key]) => key.startsWith('permissions'))?.[1]}
              />
            </Stack>
          </Paper>
        </>
      )}
    </ResourceForm>
  );
}

/** /admin/authorization-add-edit-roles/:id? — a new role, a company role to edit, or a built-in role to look at. */
export default function RoleFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const store = useResourceStore(rolesResource, { id: id ?? null });
  const canWrite = sessionMayWrite(useSessionUser()?.roles, rolesContract);
  const { itemQuery, item } = store;
  return (
    <Stack maw={1100}>
      <PageHeader description={t('roles.form_description')} />
      {/* The add route itself requires create_role. */}
      {!id && <RoleForm record={null} />}
      {id && itemQuery.isLoading && (
        <Center p="xl">
          <Loader aria-label={t('resource.loading')} />
        </Center>
      )}
      {id && itemQuery.isError && (
        <Alert color="danger" title={t('resource.load_failed')} data-testid="role-form-load-error">
          <Button variant="subtle" onClick={() => void itemQuery.refetch()}>
            {t('resource.retry')}
          </Button>
        </Alert>
      )}
      {id &&
        item &&
        (item.built_in || !canWrite ? <RoleView record={item} /> : <RoleForm key={item.id} record={item} />)}
    </Stack>
  );
}
