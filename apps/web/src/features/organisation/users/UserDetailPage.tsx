import type { AdminUser } from '@kampus/shared';
import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlayerPause, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { ConfirmButton } from '../../../components/ConfirmButton.js';
import { formatDateTime, formatLongDate } from '../../../lib/dates.js';
import { useResourceStore } from '../../../lib/resource.js';
import { useRoleLabel } from '../../identity/roles/api.js';
import { reactivateUser, usersResource, useUserCustomFields } from './api.js';
import { UserStatusBadge } from './StatusBadge.js';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" fw={600} c="gray.7" tt="uppercase">
        {label}
      </Text>
      <Text data-testid={testId}>{children || '—'}</Text>
    </Stack>
  );
}

function Actions({ user, onChanged }: { user: AdminUser; onChanged: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const store = useResourceStore(usersResource);
  const name = `${user.name} ${user.surname}`;
  const reactivate = async () => {
    try {
      await reactivateUser(user.id);
      notifications.show({ color: 'success', message: t('users.reactivated', { name }) });
      onChanged();
    } catch (error) {
      notifications.show({ color: 'danger', message: (error as Error).message });
    }
  };
  return (
    <Group gap="xs">
      <Button
        component={Link}
        to={pathTo('company.user.edit', { id: user.id })}
        leftSection={<IconEdit size={16} aria-hidden />}
        data-testid="user-detail-edit"
      >
        {t('resource.edit')}
      </Button>
      {user.status === 0 ? (
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void reactivate()}
          data-testid="user-detail-reactivate"
        >
          {t('users.reactivate')}
        </Button>
      ) : (
        <ConfirmButton
          leftSection={<IconPlayerPause size={16} aria-hidden />}
          title={t('users.passive_title')}
          message={t('users.passive_text', { name })}
          confirmLabel={t('users.make_passive')}
          onConfirm={() =>
            store.update(user.id, { status: 0 }, { message: 'users.made_passive' }).catch(() => undefined)
          }
          data-testid="user-detail-passive"
        >
          {t('users.make_passive')}
        </ConfirmButton>
      )}
      <ConfirmButton
        leftSection={<IconTrash size={16} aria-hidden />}
        title={t('users.delete_title')}
        message={t('users.delete_text', { name })}
        confirmLabel={t('resource.delete')}
        onConfirm={() =>
          store
            .remove(user.id)
            .then(() => navigate(pathTo('company.user.list')))
            .catch(() => undefined)
        }
        data-testid="user-detail-delete"
      >
        {t('resource.delete')}
      </ConfirmButton>
    </Group>
  );
}

function ValueRows({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <Table withRowBorders>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w="30%">
              {label}
            </Table.Th>
            <Table.Td>{value || '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The company's fields in their order with this person's values, then values stored under keys the company no longer
 * defines: kept by the API, shown read-only here so nobody wonders where they went.
 */
function CompanyFieldValues({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const fields = useUserCustomFields();
  if (!fields.data) return null;
  const defined = new Set(fields.data.map((field) => field.key));
  const leftOver = Object.entries(user.custom_fields).filter(([key]) => !defined.has(key));
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="user-detail-custom-fields">
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('user_fields.form_legend')}
        </Title>
        {fields.data.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('user_fields.form_empty')}
          </Text>
        ) : (
          <ValueRows rows={fields.data.map((field) => [field.label, user.custom_fields[field.key] ?? ''])} />
        )}
        {leftOver.length > 0 && (
          <Stack gap={4} mt="sm" data-testid="user-detail-undefined-fields">
            <Text fw={600} fz="sm">
              {t('user_fields.undefined_title')}
            </Text>
            <Text c="dimmed" fz="xs">
              {t('user_fields.undefined_hint')}
            </Text>
            <ValueRows rows={leftOver} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function UserDetail({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  const roleLabel = useRoleLabel();
  const client = useQueryClient();
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : t('users.never'));
  return (
    <Stack data-testid="user-detail" data-user-id={user.id}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} fz="h3" data-testid="user-detail-name">
            {user.name} {user.surname}
          </Title>
          <Group gap="xs">
            <UserStatusBadge status={user.status} />
            <Text fz="sm" c="dimmed">
              {user.roles.map(roleLabel).join(', ')}
            </Text>
          </Group>
        </Stack>
        <Actions user={user} onChanged={() => void client.invalidateQueries({ queryKey: usersResource.keys.all })} />
      </Group>
      <Paper withBorder radius="lg" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          <Field label={t('users.fields.email')} testId="user-detail-email">
            {user.email}
          </Field>
          <Field label={t('users.fields.username')}>{user.username}</Field>
          <Field label={t('users.fields.phone')}>{user.phone}</Field>
          <Field label={t('users.fields.registration_number')}>{user.registration_number}</Field>
          <Field label={t('users.fields.national_id')}>{user.national_id}</Field>
          <Field label={t('users.fields.language')}>{t(`languages.${user.language}`)}</Field>
          <Field label={t('users.fields.department')}>{user.department}</Field>
          <Field label={t('users.fields.title')}>{user.title}</Field>
          <Field label={t('users.fields.manager')}>
            {user.manager && (
              <Link to={pathTo('company.user.detail', { id: user.manager.id })}>
                {user.manager.name} {user.manager.surname}
              </Link>
            )}
          </Field>
          <Field label={t('users.fields.location')}>{user.location}</Field>
          <Field label={t('users.fields.hire_date')}>
            {user.hire_date && formatLongDate(user.hire_date, i18n.language)}
          </Field>
          <Field label={t('users.fields.created_at')}>{when(user.created_at)}</Field>
          <Field label={t('users.fields.last_login_at')}>{when(user.last_login_at)}</Field>
        </SimpleGrid>
      </Paper>
      <CompanyFieldValues user={user} />
    </Stack>
  );
}

/** /admin/user/detail/:id: everything about one user, and what can be done to them. */
export default function UserDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const store = useResourceStore(usersResource, { id: id ?? null });
  if (store.item) return <UserDetail user={store.item} />;
  if (store.itemQuery.isError) {
    return (
      <Alert color="danger" title={t('resource.load_failed')} data-testid="user-detail-error">
        <Button variant="subtle" onClick={() => void store.itemQuery.refetch()}>
          {t('resource.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <Center p="xl">
      <Loader aria-label={t('resource.loading')} />
    </Center>
  );
}
