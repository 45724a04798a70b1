import { GIFT_TYPES, type Gift } from '@kampus/shared';
import { Avatar, Group, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn, TableFilter } from '../../../components/DataTable.js';
import { ActiveStatusBadge, useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { ResourceListPage } from '../../frame/admin/records/ResourceListPage.js';
import { giftsResource } from './api.js';
import { GiftTypeIcon } from './GiftTypeIcon.js';

const NS = giftsResource.contract.namespace;

function useColumns(): TableColumn<Gift>[] {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const number = (value: number) => value.toLocaleString(i18n.language);
    return [
      {
        accessor: 'name',
        title: t(`${NS}.columns.name`),
        sortable: true,
        hideable: false,
        render: (g) => (
          <Group gap="sm" wrap="nowrap" maw={360}>
            <Avatar src={g.images[0]?.src ?? null} alt="" radius="md" size={40} color="grape">
              <IconGift size={20} aria-hidden />
            </Avatar>
            <Text fz="sm" fw={600} lineClamp={2}>
              {g.name}
            </Text>
          </Group>
        ),
      },
      {
        accessor: 'type',
        title: t(`${NS}.columns.type`),
        sortable: true,
        render: (g) => <GiftTypeIcon type={g.type} label />,
      },
      {
        accessor: 'price',
        title: t(`${NS}.columns.price`),
        sortable: true,
        textAlign: 'right',
        noWrap: true,
        render: (g) => t(`${NS}.points_value`, { count: g.price }),
      },
      {
        accessor: 'stock',
        title: t(`${NS}.columns.stock`),
        sortable: true,
        textAlign: 'right',
        render: (g) =>
          g.stock === null ? (
            <Text fz="sm" c="dimmed">
              {t(`${NS}.stock_unlimited`)}
            </Text>
          ) : (
            <Text fz="sm" c={g.stock === 0 ? 'danger' : undefined} fw={g.stock === 0 ? 600 : undefined}>
              {number(g.stock)}
            </Text>
          ),
      },
      { accessor: 'requested', title: t(`${NS}.columns.requested`), textAlign: 'right' },
      {
        accessor: 'status',
        title: t(`${NS}.fields.status`),
        sortable: true,
        noWrap: true,
        render: (g) => <ActiveStatusBadge status={g.status} namespace={NS} />,
      },
    ];
  }, [t, i18n.language]);
}

/** /admin/gifts (show_gift): the store's products with their type, price in points, stock and status. */
export default function GiftsListPage() {
  const { t } = useTranslation();
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t(`${NS}.fields.status`), options: statusOptions },
    {
      kind: 'select',
      param: 'type',
      label: t(`${NS}.fields.type`),
      options: GIFT_TYPES.map((type) => ({ value: String(type), label: t(`${NS}.types.${type}`) })),
    },
  ];
  return (
    <ResourceListPage<Gift>
      resource={giftsResource}
      tableId="gifts"
      columns={columns}
      filters={filters}
      itemName={(g) => g.name}
      testId="gift"
    />
  );
}
