import type { RegistrationRequest } from '@kampus/shared';
import { ActionIcon, Badge, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton.js';
import { DataTable, type TableColumn } from '../../../components/DataTable.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useListState } from '../../../lib/list-state.js';
import { createdAtColumn } from '../../frame/admin/records/columns.js';
import { useResourceTable } from '../../frame/admin/records/ResourceListPage.js';
import { approveRequest, registrationRequestListConfig, registrationRequestsResource } from './api.js';
import { RejectRequestModal } from './RejectRequestModal.js';

const fullName = (request: RegistrationRequest) => `${request.name} ${request.surname}`;

function useColumns(): TableColumn<RegistrationRequest>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t('registration_requests.columns.name'),
        sortable: true,
        hideable: false,
        render: fullName,
      },
      {
        accessor: 'email',
        title: t('registration_requests.columns.email'),
        sortable: true,
        render: (request) => request.email ?? '—',
      },
      {
        accessor: 'phone',
        title: t('registration_requests.columns.phone'),
        render: (request) => request.phone ?? '—',
      },
      {
        accessor: 'email_verified',
        title: t('registration_requests.columns.email_verified'),
        noWrap: true,
        render: (request) => (
          <Badge variant="light" color={request.email_verified ? 'success' : 'gray'} data-testid="request-verified">
            {t(request.email_verified ? 'registration_requests.verified' : 'registration_requests.not_verified')}
          </Badge>
        ),
      },
      createdAtColumn(t('registration_requests.columns.created_at'), i18n.language, { hiddenByDefault: false }),
    ],
    [t, i18n.language],
  );
}

/** /admin/requests/user: people who registered themselves, approved (confirmed) or rejected (with a reason). */
export default function RegistrationRequestsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useListState(registrationRequestListConfig);
  const { table } = useResourceTable(registrationRequestsResource, list, { exportable: false });
  const columns = useColumns();
  const [rejecting, setRejecting] = useState<RegistrationRequest | null>(null);

  // A decided request leaves this list and changes the user lists and the dashboard's figures.
  const refresh = () => client.invalidateQueries({ queryKey: ['admin'] });
  const approve = async (request: RegistrationRequest) => {
    try {
      const { message } = await approveRequest(request.id);
      notifications.show({ color: 'success', message });
    } catch (error) {
      notifications.show({
        color: 'danger',
        message: error instanceof Error ? error.message : t('general.error_occurred'),
      });
    }
    await refresh();
  };

  const rowActions = (request: RegistrationRequest) => (
    <>
      <ConfirmButton
        icon={<IconCheck size={18} aria-hidden />}
        destructive={false}
        title={t('registration_requests.approve_title')}
        message={t('registration_requests.approve_text', { name: fullName(request) })}
        confirmLabel={t('registration_requests.approve')}
        onConfirm={() => approve(request)}
        data-testid="request-approve"
      >
        {t('registration_requests.approve_person', { name: fullName(request) })}
      </ConfirmButton>
      <Tooltip label={t('registration_requests.reject')} withArrow>
        <ActionIcon
          variant="subtle"
          color="danger"
          aria-label={t('registration_requests.reject_person', { name: fullName(request) })}
          onClick={() => setRejecting(request)}
          data-testid="request-reject"
        >
          <IconX size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </>
  );

  return (
    <>
      <PageHeader description={t('registration_requests.description')} />
      <DataTable<RegistrationRequest>
        tableId="registration-requests"
        label={t('registration_requests.title')}
        {...table}
        columns={columns}
        rowActions={rowActions}
        emptyTitle={t('registration_requests.empty')}
      />
      <RejectRequestModal request={rejecting} onClose={() => setRejecting(null)} onRejected={() => void refresh()} />
    </>
  );
}
