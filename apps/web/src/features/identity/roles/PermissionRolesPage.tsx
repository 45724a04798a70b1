import { type AdminRole, isPermission, type Permission, permissionRolesSchema } from '@kampus/shared';
import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { http } from '../../../lib/api.js';
import { rolesResource, usePermissionCatalogue, useRoleLabel } from './api.js';

const CATALOGUE = pathTo('company.permission.index');
const pathOf = (permission: string) => pathTo('company.permission.edit', { id: permission });
const ALL_ROLES = { page: 1, per_page: 100, sort: 'name' } as const;

/** `PUT api/admin/permissions/{name}/roles`: the company roles that hold it afterwards, and every visible role. */
export const savePermissionRoles = (permission: Permission, roleIds: number[]) =>
  http
    .put<{ data: AdminRole[] }>(`api/admin/permissions/${encodeURIComponent(permission)}/roles`, { role_ids: roleIds })
    .then((body) => body.data);

function RoleLine({ role, children }: { role: AdminRole; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      {children}
      <Text fz="xs" c="dimmed">
        {t('roles.permissions_count', { count: role.permissions.length })}
      </Text>
    </Group>
  );
}

/** Which roles hold one permission: the company's own roles as checkboxes, built-in ones read-only. */
function HoldersForm({ permission }: { permission: Permission }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const label = useRoleLabel();
  const roles = useQuery({
    queryKey: rolesResource.keys.list(ALL_ROLES),
    queryFn: () => rolesResource.list(ALL_ROLES),
    select: (page) => page.data,
  });
  const own = useMemo(() => (roles.data ?? []).filter((role) => !role.built_in), [roles.data]);
  const builtIn = useMemo(() => (roles.data ?? []).filter((role) => role.built_in), [roles.data]);
  const initial = useMemo(
    () => ({ role_ids: own.filter((role) => role.permissions.includes(permission)).map((role) => role.id) }),
    [own, permission],
  );
  if (roles.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('resource.loading')} />
      </Center>
    );
  }
  if (roles.isError) {
    return (
      <Alert color="danger" title={t('resource.load_failed')} data-testid="permission-roles-error">
        <Button variant="subtle" onClick={() => void roles.refetch()}>
          {t('resource.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <ResourceForm
      key={JSON.stringify(initial)}
      schema={permissionRolesSchema}
      initial={initial}
      cancelTo={CATALOGUE}
      testId="permission-roles-form"
      onSave={async (data, mode) => {
        await savePermissionRoles(permission, data.role_ids);
        await client.invalidateQueries({ queryKey: rolesResource.keys.all });
        notifications.show({ color: 'success', message: t('roles.permission_roles_saved', { permission }) });
        if (mode === 'back') navigate(CATALOGUE);
      }}
    >
      {(form) => {
        const chosen = (form.values.role_ids ?? []) as number[];
        return (
          <Stack>
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="sm">
                <Title order={2} fz="h4">
                  {t('roles.company_roles')}
                </Title>
                {form.errors.role_ids && (
                  <Text fz="sm" c="danger.8" role="alert">
                    {form.errors.role_ids}
                  </Text>
                )}
                {own.length === 0 && <Text c="dimmed">{t('roles.no_company_roles')}</Text>}
                {own.map((role) => (
                  <RoleLine key={role.id} role={role}>
                    <Checkbox
                      label={label(role)}
                      checked={chosen.includes(role.id)}
                      onChange={(event) =>
                        form.setField(
                          'role_ids',
                          event.currentTarget.checked
                            ? [...chosen, role.id]
                            : chosen.filter((other) => other !== role.id),
                        )
                      }
                      data-testid={`permission-role-${role.id}`}
                    />
                  </RoleLine>
                ))}
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="sm">
                <Title order={2} fz="h4">
                  {t('roles.built_in_roles')}
                </Title>
                {builtIn.map((role) => (
                  <RoleLine key={role.id} role={role}>
                    <Checkbox
                      label={
                        <Group gap={6}>
                          {label(role)}
                          <Badge size="xs" variant="light" color="gray">
                            {t('roles.built_in')}
                          </Badge>
                        </Group>
                      }
                      checked={role.permissions.includes(permission)}
                      disabled
                      readOnly
                      data-testid={`permission-role-${role.id}`}
                    />
                  </RoleLine>
                ))}
              </Stack>
            </Paper>
          </Stack>
        );
      }}
    </ResourceForm>
  );
}

/** /admin/authorization-add-permission/:id? (create_role): pick a permission, tick the company roles holding it. */
export default function PermissionRolesPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const catalogue = usePermissionCatalogue();
  const permission = id && isPermission(id) ? id : null;
  const options = (catalogue.data ?? []).map((group) => ({
    group: t(`roles.areas.${group.area}`),
    items: group.permissions.map((name) => ({ value: name, label: name })),
  }));
  return (
    <Stack maw={900} data-testid="permission-roles-page">
      <PageHeader description={t('roles.permission_roles_description')} />
      <Paper withBorder radius="lg" p="lg">
        <Select
          label={t('roles.permission_pick')}
          placeholder={t('roles.permission_pick_placeholder')}
          data={options}
          value={permission}
          onChange={(value) => value && navigate(pathOf(value))}
          searchable
          allowDeselect={false}
          disabled={catalogue.isPending}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="permission-pick"
        />
      </Paper>
      {id && !permission && (
        <Alert color="warning" data-testid="permission-unknown">
          {t('roles.permission_unknown')}
        </Alert>
      )}
      {permission && <HoldersForm key={permission} permission={permission} />}
    </Stack>
  );
}
