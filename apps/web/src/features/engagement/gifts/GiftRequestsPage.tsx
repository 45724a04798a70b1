import {
  canGiftRequest,
  GIFT_REASON_MAX,
  GIFT_REQUEST_STATUSES,
  GIFT_TRACKING_MAX,
  type GiftRequest,
  type GiftRequestStatus,
  giftRequestRejectSchema,
  giftRequestShipSchema,
} from '@kampus/shared';
import { ActionIcon, Alert, Avatar, Badge, Button, Group, Menu, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDots, IconGift, IconPackageExport, IconTruckDelivery, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmButton.js';
import { DataTable, type TableColumn, type TableFilter } from '../../../components/DataTable.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { RejectRequestModal } from '../../../components/RejectRequestModal.js';
import { useSchemaForm } from '../../../lib/form.js';
import { useListState } from '../../../lib/list-state.js';
import { createdAtColumn } from '../../frame/admin/records/columns.js';
import { useResourceTable } from '../../frame/admin/records/ResourceListPage.js';
import { giftRequestListConfig, giftRequestStep, giftRequestsResource } from './api.js';
import { GiftTypeIcon } from './GiftTypeIcon.js';

const NS = 'gifts';

export const GIFT_STATUS_COLORS: Record<GiftRequestStatus, string> = {
  requested: 'blue',
  approved: 'indigo',
  shipped: 'violet',
  delivered: 'success',
  rejected: 'danger',
  cancelled: 'gray',
};

export function GiftStatusBadge({ status }: { status: GiftRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={GIFT_STATUS_COLORS[status]}
      miw="max-content"
      data-testid="gift-request-status"
      data-status={status}
    >
      {t(`${NS}.statuses.${status}`)}
    </Badge>
  );
}

const personOf = (request: GiftRequest) => `${request.user.name} ${request.user.surname}`;

function useColumns(): TableColumn<GiftRequest>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'name',
        title: t(`${NS}.requests.columns.person`),
        sortable: true,
        hideable: false,
        render: (r) => (
          <Stack gap={0}>
            <Text fz="sm" fw={600}>
              {personOf(r)}
            </Text>
            {r.user.email && (
              <Text fz="xs" c="dimmed">
                {r.user.email}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        accessor: 'gift',
        title: t(`${NS}.requests.columns.gift`),
        sortable: true,
        render: (r) => (
          <Group gap="sm" wrap="nowrap" miw={200} maw={320}>
            <Avatar src={r.gift.image_src} alt="" radius="md" size={36} color="grape">
              <IconGift size={18} aria-hidden />
            </Avatar>
            <Stack gap={2}>
              <Group gap={6} wrap="nowrap">
                <GiftTypeIcon type={r.gift.type} size="sm" />
                <Text fz="sm" fw={500} lineClamp={1}>
                  {r.gift.name}
                </Text>
              </Group>
              {r.variant && (
                <Text fz="xs" c="dimmed">
                  {t(`${NS}.store.variant_label`)}: {r.variant}
                </Text>
              )}
            </Stack>
          </Group>
        ),
      },
      {
        accessor: 'points',
        title: t(`${NS}.requests.columns.points`),
        sortable: true,
        textAlign: 'right',
        render: (r) => r.points.toLocaleString(i18n.language),
      },
      createdAtColumn(t(`${NS}.requests.columns.created_at`), i18n.language, { hiddenByDefault: false }),
      {
        accessor: 'status',
        title: t(`${NS}.requests.columns.status`),
        sortable: true,
        noWrap: true,
        render: (r) => <GiftStatusBadge status={r.status} />,
      },
      {
        accessor: 'note',
        title: t(`${NS}.requests.columns.note`),
        render: (r) => {
          const note = r.status === 'rejected' ? r.reason : r.tracking_note;
          return note ? (
            <Text fz="xs" lineClamp={2} maw={260} data-testid="gift-request-note">
              {note}
            </Text>
          ) : (
            '—'
          );
        },
      },
    ],
    [t, i18n.language],
  );
}

/** Marking a request shipped asks for the tracking note the learner will see. */
function ShipModal({
  request,
  onClose,
  onDone,
}: {
  request: GiftRequest | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={t(`${NS}.requests.ship_title`)}
      closeButtonProps={{ 'aria-label': t(`${NS}.requests.close`) }}
      centered
    >
      {request && <ShipForm key={request.id} request={request} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function ShipForm({ request, onClose, onDone }: { request: GiftRequest; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useSchemaForm(giftRequestShipSchema, { tracking_note: '' });
  const note = form.field('tracking_note');
  return (
    <form
      noValidate
      data-testid="ship-form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit(async (body) => {
          const { message } = await giftRequestStep.ship(request.id, body);
          notifications.show({ color: 'success', message });
          onDone();
          onClose();
        });
      }}
    >
      <Stack gap="sm">
        <Text fz="sm">
          {personOf(request)} · {request.gift.name}
        </Text>
        <Textarea
          {...note}
          name="tracking_note"
          label={t(`${NS}.requests.tracking_note`)}
          description={t(`${NS}.requests.tracking_hint`)}
          required
          minRows={3}
          maxLength={GIFT_TRACKING_MAX}
          data-autofocus
          data-testid="ship-note"
        />
        {form.formError && <Alert color="danger">{form.formError}</Alert>}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('resource.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid="ship-submit">
            {t(`${NS}.requests.ship`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /admin/gift/requests (read_gift): the learners' gift requests, filtered by status and date, searched by person or
 * gift, sorted, paged and exported; each is approved, rejected with a reason, shipped with a tracking note and
 * delivered, the steps confirmed first.
 */
export default function GiftRequestsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useListState(giftRequestListConfig);
  const { table } = useResourceTable(giftRequestsResource, list, { exportable: true });
  const columns = useColumns();
  const [rejecting, setRejecting] = useState<GiftRequest | null>(null);
  const [shipping, setShipping] = useState<GiftRequest | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: giftRequestsResource.keys.all });

  const run = async (step: Promise<{ message: string }>) => {
    try {
      const { message } = await step;
      notifications.show({ color: 'success', message });
    } catch (error) {
      notifications.show({ color: 'danger', message: error instanceof Error ? error.message : String(error) });
    } finally {
      refresh();
    }
  };

  const filters: TableFilter[] = [
    {
      kind: 'select',
      param: 'status',
      label: t(`${NS}.requests.filters.status`),
      options: GIFT_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`${NS}.statuses.${s}`) })),
    },
    { kind: 'date-range', from: 'from', to: 'to', label: t(`${NS}.requests.columns.created_at`) },
  ];

  const rowActions = (r: GiftRequest) => {
    const person = personOf(r);
    const can = (action: 'approve' | 'reject' | 'ship' | 'deliver') => canGiftRequest(action, r.status);
    if (!(can('approve') || can('reject') || can('ship') || can('deliver'))) return null;
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={t(`${NS}.requests.actions`, { id: r.id })}
            data-testid="gift-request-actions"
          >
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {can('approve') && (
            <Menu.Item
              leftSection={<IconCheck size={16} aria-hidden />}
              data-testid="gift-request-approve"
              onClick={() =>
                confirmAction({
                  title: t(`${NS}.requests.approve_title`),
                  message: t(`${NS}.requests.approve_text`, { person, gift: r.gift.name }),
                  confirmLabel: t(`${NS}.requests.approve`),
                  destructive: false,
                  onConfirm: () => run(giftRequestStep.approve(r.id)),
                })
              }
            >
              {t(`${NS}.requests.approve`)}
            </Menu.Item>
          )}
          {can('ship') && (
            <Menu.Item
              leftSection={<IconTruckDelivery size={16} aria-hidden />}
              data-testid="gift-request-ship"
              onClick={() => setShipping(r)}
            >
              {t(`${NS}.requests.ship`)}
            </Menu.Item>
          )}
          {can('deliver') && (
            <Menu.Item
              leftSection={<IconPackageExport size={16} aria-hidden />}
              data-testid="gift-request-deliver"
              onClick={() =>
                confirmAction({
                  title: t(`${NS}.requests.deliver_title`),
                  message: t(`${NS}.requests.deliver_text`, { person, gift: r.gift.name }),
                  confirmLabel: t(`${NS}.requests.deliver`),
                  destructive: false,
                  onConfirm: () => run(giftRequestStep.deliver(r.id)),
                })
              }
            >
              {t(`${NS}.requests.deliver`)}
            </Menu.Item>
          )}
          {can('reject') && (
            <Menu.Item
              color="danger"
              leftSection={<IconX size={16} aria-hidden />}
              data-testid="gift-request-reject"
              onClick={() => setRejecting(r)}
            >
              {t(`${NS}.requests.reject`)}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    );
  };

  return (
    <>
      <PageHeader description={t(`${NS}.requests.description`)} />
      <DataTable<GiftRequest>
        tableId="gift-requests"
        label={t(`${NS}.requests.title`)}
        {...table}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        emptyTitle={t(`${NS}.requests.empty`)}
      />
      <RejectRequestModal
        requestId={rejecting?.id ?? null}
        copy={{
          title: t(`${NS}.requests.reject_title`),
          text: rejecting
            ? t(`${NS}.requests.reject_text`, {
                person: personOf(rejecting),
                points: t(`${NS}.points_value`, { count: rejecting.points }),
              })
            : '',
          reason: t(`${NS}.requests.reason`),
          placeholder: '',
          cancel: t('resource.cancel'),
          reject: t(`${NS}.requests.reject`),
        }}
        schema={giftRequestRejectSchema}
        max={GIFT_REASON_MAX}
        reject={giftRequestStep.reject}
        onClose={() => setRejecting(null)}
        onRejected={refresh}
      />
      <ShipModal request={shipping} onClose={() => setShipping(null)} onDone={refresh} />
    </>
  );
}
