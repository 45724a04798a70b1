import { USER_GROUP_MEMBER_STATUSES, type UserGroup, type UserGroupMember } from '@kampus/shared';
import { Alert, Button, Group, Paper, Select, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton.js';
import { type BulkActionDef, DataTable, type TableColumn } from '../../../components/DataTable.js';
import { useListState } from '../../../lib/list-state.js';
import { UserStatusBadge } from '../users/StatusBadge.js';
import { changeGroupMembers, GROUP_MEMBERS_LIST_CONFIG, useGroupMembers, userGroupsResource } from './api.js';
import type { PickedPerson } from './form.js';
import { MemberPicker } from './MemberPicker.js';

const fullName = (member: UserGroupMember) => `${member.name} ${member.surname}`;

function useColumns(): TableColumn<UserGroupMember>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('users.fields.full_name'),
        sortable: true,
        hideable: false,
        render: (member) => fullName(member),
      },
      { accessor: 'email', title: t('users.fields.email'), sortable: true },
      { accessor: 'department', title: t('users.fields.department'), sortable: true },
      { accessor: 'title', title: t('users.fields.title'), sortable: true },
      { accessor: 'location', title: t('users.fields.location') },
      { accessor: 'hire_date', title: t('users.fields.hire_date'), sortable: true, noWrap: true },
      {
        accessor: 'status',
        title: t('users.fields.status'),
        noWrap: true,
        render: (member) => <UserStatusBadge status={member.status} />,
      },
    ],
    [t],
  );
}

/** Which users the table shows: active ones unless another status (or all) is chosen. */
function MemberStatusSelect({ list }: { list: ReturnType<typeof useListState> }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('users.fields.status')}
      data={USER_GROUP_MEMBER_STATUSES.map((status) => ({
        value: status,
        label: t(`user_groups.member_statuses.${status}`),
      }))}
      value={list.state.filters.status ?? '1'}
      onChange={(value) => list.setFilters({ status: value === '1' ? null : value })}
      allowDeselect={false}
      w={220}
      data-testid="group-members-status"
    />
  );
}

/** Adds the people chosen to a static group. */
function AddMembers({ group, onChanged }: { group: UserGroup; onChanged: () => Promise<void> }) {
  const { t } = useTranslation();
  const [people, setPeople] = useState<PickedPerson[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { message } = await changeGroupMembers(
        group.id,
        'add',
        people.map((person) => person.id),
      );
      notifications.show({ color: 'success', message });
      setPeople([]);
      await onChanged();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('general.error_occurred'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <div style={{ flex: 1 }}>
        <MemberPicker
          value={people}
          onChange={setPeople}
          label={t('user_groups.members_add')}
          error={error}
          testId="group-members-picker"
        />
      </div>
      <Button
        leftSection={<IconUserPlus size={16} aria-hidden />}
        onClick={() => void add()}
        disabled={people.length === 0}
        loading={busy}
        data-testid="group-members-add"
      >
        {t('user_groups.members_add')}
      </Button>
    </Group>
  );
}

/** The edit page's members: the current ones, paged and searchable; a static group's list can be changed here. */
export function GroupMembersPanel({ group }: { group: UserGroup }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useListState(GROUP_MEMBERS_LIST_CONFIG);
  const members = useGroupMembers(group.id, list.apiQuery);
  const columns = useColumns();
  const editable = group.kind === 'static';

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: userGroupsResource.keys.item(group.id) });
    await client.invalidateQueries({ queryKey: userGroupsResource.keys.lists });
  };
  const remove = async (ids: number[]) => {
    const { message } = await changeGroupMembers(group.id, 'remove', ids);
    notifications.show({ color: 'success', message });
    await refresh();
  };
  const bulkActions: BulkActionDef[] = [
    {
      key: 'remove',
      label: t('user_groups.members_remove'),
      confirm: {
        title: t('user_groups.members_remove_title'),
        text: (count) => t('user_groups.members_bulk_remove_text', { count }),
        confirmLabel: t('user_groups.members_remove'),
      },
      run: remove,
    },
  ];
  const rowActions = (member: UserGroupMember) => (
    <ConfirmButton
      icon={<IconUserMinus size={18} aria-hidden />}
      title={t('user_groups.members_remove_title')}
      message={t('user_groups.members_remove_text', { name: fullName(member) })}
      confirmLabel={t('user_groups.members_remove')}
      onConfirm={() =>
        remove([member.id]).catch((error: Error) => notifications.show({ color: 'danger', message: error.message }))
      }
      data-testid="group-member-remove"
    >
      {`${t('user_groups.members_remove')}: ${fullName(member)}`}
    </ConfirmButton>
  );

  return (
    <Paper withBorder radius="lg" p="lg" data-testid="group-members">
      <Stack>
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz="lg">
            {t('user_groups.members_title')}
          </Title>
          <MemberStatusSelect list={list} />
        </Group>
        {editable ? (
          <AddMembers group={group} onChanged={refresh} />
        ) : (
          <Alert color="info" variant="light" data-testid="group-members-rule-note">
            {t('user_groups.members_rule_note')}
          </Alert>
        )}
        <DataTable<UserGroupMember>
          tableId="user-group-members"
          label={t('user_groups.members_title')}
          list={list}
          columns={columns}
          records={members.data?.data ?? []}
          total={members.data?.meta.total ?? 0}
          fetching={members.isFetching}
          error={members.isError ? (members.error as Error).message : null}
          onRetry={() => void members.refetch()}
          rowActions={editable ? rowActions : undefined}
          bulkActions={editable ? bulkActions : undefined}
          emptyTitle={t('user_groups.members_empty')}
        />
      </Stack>
    </Paper>
  );
}
