import type { Announcement } from '@kampus/shared';
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPin } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn, TableFilter } from '../../../components/DataTable.js';
import { formatDay } from '../../../lib/dates.js';
import { ActiveStatusBadge, useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { ResourceListPage } from '../../frame/admin/records/ResourceListPage.js';
import { audienceColumn, audienceFilter } from './AudienceFields.js';
import { announcementsResource } from './api.js';

const NS = announcementsResource.contract.namespace;

/** Read by how many of the audience, as a bar and its numbers. */
export function ReadRate({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation();
  const { read_count: read, audience_size: total } = announcement;
  const percent = total > 0 ? Math.round((read / total) * 100) : 0;
  const text = t(`${NS}.read_rate_value`, { read, total, percent });
  return (
    <Stack gap={4} miw={120} data-testid="announcement-read-rate">
      <Text fz="xs">{text}</Text>
      <Progress value={percent} size="sm" aria-label={text} />
    </Stack>
  );
}

function useColumns(): TableColumn<Announcement>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'title',
        title: t(`${NS}.columns.title`),
        sortable: true,
        hideable: false,
        render: (a) => (
          <Group gap={6} wrap="nowrap" maw={360}>
            {a.pinned && <IconPin size={16} aria-label={t(`${NS}.fields.pinned`)} />}
            <Text fz="sm" fw={600} lineClamp={2}>
              {a.title}
            </Text>
            {a.must_read && (
              <Badge
                color="red.9"
                variant="filled"
                miw="max-content"
                leftSection={<IconAlertCircle size={12} aria-hidden />}
              >
                {t(`${NS}.fields.must_read`)}
              </Badge>
            )}
          </Group>
        ),
      },
      audienceColumn(t, NS),
      {
        accessor: 'publish_date',
        title: t(`${NS}.columns.publish_date`),
        sortable: true,
        noWrap: true,
        render: (a) => formatDay(a.publish_date, i18n.language),
      },
      {
        accessor: 'expiry_date',
        title: t(`${NS}.columns.expiry_date`),
        sortable: true,
        noWrap: true,
        render: (a) => (a.expiry_date ? formatDay(a.expiry_date, i18n.language) : t(`${NS}.never_expires`)),
      },
      {
        accessor: 'read_count',
        title: t(`${NS}.columns.read_rate`),
        render: (a) => <ReadRate announcement={a} />,
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

/** /admin/announcement: the company's announcements with their audience, dates and read rate. */
export default function AnnouncementsListPage() {
  const { t } = useTranslation();
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const filters: TableFilter[] = [
    { kind: 'select', param: 'status', label: t(`${NS}.fields.status`), options: statusOptions },
    audienceFilter(t, NS),
  ];
  return (
    <ResourceListPage<Announcement>
      resource={announcementsResource}
      tableId="announcements"
      columns={columns}
      filters={filters}
      itemName={(a) => a.title}
      testId="announcement"
    />
  );
}
