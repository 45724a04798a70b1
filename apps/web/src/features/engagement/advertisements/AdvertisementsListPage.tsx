import type { Advertisement } from '@kampus/shared';
import { Group, Image, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn, TableFilter } from '../../../components/DataTable.js';
import { formatDay } from '../../../lib/dates.js';
import { ActiveStatusBadge, useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { ResourceListPage } from '../../frame/admin/records/ResourceListPage.js';
import { audienceColumn, audienceFilter } from '../announcements/AudienceFields.js';
import { advertisementsResource } from './api.js';

const NS = advertisementsResource.contract.namespace;

function useColumns(): TableColumn<Advertisement>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'title',
        title: t(`${NS}.columns.title`),
        sortable: true,
        hideable: false,
        render: (a) => (
          <Group gap="sm" wrap="nowrap" maw={380}>
            {a.image_src && <Image src={a.image_src} alt="" w={96} h={32} radius="sm" fit="cover" />}
            <Text fz="sm" fw={600} lineClamp={2}>
              {a.title}
            </Text>
          </Group>
        ),
      },
      { accessor: 'order', title: t(`${NS}.columns.order`), sortable: true, textAlign: 'right' },
      audienceColumn(t, NS),
      {
        accessor: 'start_date',
        title: t(`${NS}.columns.start_date`),
        sortable: true,
        noWrap: true,
        render: (a) =>
          `${formatDay(a.start_date, i18n.language)} – ${a.end_date ? formatDay(a.end_date, i18n.language) : t(`${NS}.open_ended`)}`,
      },
      {
        accessor: 'views',
        title: t(`${NS}.columns.views`),
        sortable: true,
        textAlign: 'right',
        render: (a) => a.views.toLocaleString(i18n.language),
      },
      {
        accessor: 'clicks',
        title: t(`${NS}.columns.clicks`),
        sortable: true,
        textAlign: 'right',
        render: (a) => a.clicks.toLocaleString(i18n.language),
      },
      {
        accessor: 'click_rate',
        title: t(`${NS}.columns.click_rate`),
        textAlign: 'right',
        // "%17,1" in Turkish, "17.1%" in English, "17,1 %" in German.
        render: (a) =>
          a.views > 0
            ? new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(
                a.clicks / a.views,
              )
            : '–',
      },
      {
        accessor: 'status',
        title: t(`${NS}.fields.status`),
        sortable: true,
        noWrap: true,
        render: (a) => <ActiveStatusBadge status={a.status} namespace={NS} />,
      },
    ],
    [t, i18n.language],
  );
}

/** /admin/advertisement: the slider's banners with their order, dates, views and clicks. */
export default function AdvertisementsListPage() {
  const { t } = useTranslation();
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t(`${NS}.fields.status`), options: statusOptions },
    audienceFilter(t, NS),
  ];
  return (
    <ResourceListPage<Advertisement>
      resource={advertisementsResource}
      tableId="advertisements"
      columns={columns}
      filters={filters}
      itemName={(a) => a.title}
      testId="advertisement"
    />
  );
}
