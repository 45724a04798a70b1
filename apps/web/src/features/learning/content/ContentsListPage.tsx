import type { Content } from '@kampus/shared';
import { Box, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconChartBar, IconEye, IconFolderCog, IconTimeline, IconUsersPlus } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { useHasPage } from '../../../app/route-table.js';
import { DataTable, type TableColumn, type TableFilter } from '../../../components/DataTable.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { RowLinkAction } from '../../../components/RowActions.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useListState } from '../../../lib/list-state.js';
import { useSessionUser } from '../../../lib/session.js';
import { sessionCan } from '../../frame/admin/access.js';
import { ActiveStatusBadge, useActiveStatusOptions } from '../../frame/admin/records/ActiveStatusBadge.js';
import { createdAtColumn } from '../../frame/admin/records/columns.js';
import {
  AddButton,
  listTextKeys,
  useRecordBulkActions,
  useRecordRowActions,
  useResourceTable,
} from '../../frame/admin/records/ResourceListPage.js';
import { contentsResource } from './api.js';
import { ContentTypeIcon, ContentTypeLabel, formatDuration, useContentTypeOptions } from './ContentType.js';

const NS = contentsResource.contract.namespace;
const TEXTS = listTextKeys(NS);

/** The cover (or the type's icon when there is none) beside the title; the title is the row's name. */
function TitleCell({ content }: { content: Content }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {content.cover_url ? (
        <Image src={content.cover_url} alt="" w={56} h={36} radius="sm" fit="cover" data-testid="content-cover" />
      ) : (
        <Box w={56} h={36} style={{ display: 'grid', placeItems: 'center' }}>
          <ContentTypeIcon type={content.type} />
        </Box>
      )}
      <Stack gap={0} miw={0}>
        <Text fz="sm" fw={600} lineClamp={2}>
          {content.title}
        </Text>
        {content.version > 1 && (
          <Text fz="xs" c="dimmed">
            {`v${content.version}`}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

function useColumns(): TableColumn<Content>[] {
  const { t, i18n } = useTranslation();
  return useMemo(
    () => [
      {
        accessor: 'title',
        title: t('content.fields.title'),
        sortable: true,
        hideable: false,
        render: (content) => <TitleCell content={content} />,
      },
      {
        accessor: 'type',
        title: t('content.fields.type'),
        sortable: true,
        noWrap: true,
        render: (content) => <ContentTypeLabel type={content.type} />,
      },
      {
        accessor: 'status',
        title: t('content.fields.status'),
        sortable: true,
        noWrap: true,
        // Wide enough for the badge's word in every language: the table is wide and would squeeze it to "AK…".
        width: 120,
        render: (content) => <ActiveStatusBadge status={content.status} namespace={NS} />,
      },
      {
        accessor: 'duration_seconds',
        title: t('content.columns.duration'),
        sortable: true,
        noWrap: true,
        render: (content) => formatDuration(content.duration_seconds) ?? '—',
      },
      {
        accessor: 'completed_count',
        title: t('content.columns.usage'),
        noWrap: true,
        render: (content) =>
          t('content.columns.usage_value', { started: content.started_count, completed: content.completed_count }),
      },
      {
        accessor: 'language',
        title: t('content.fields.language'),
        noWrap: true,
        hiddenByDefault: true,
        render: (content) => t(`languages.${content.language}`),
      },
      createdAtColumn(t('content.fields.created_at'), i18n.language),
      {
        accessor: 'updated_at',
        title: t('content.fields.updated_at'),
        sortable: true,
        noWrap: true,
        render: (content) => formatDateTime(content.updated_at, i18n.language),
      },
    ],
    [t, i18n.language],
  );
}

/**
 * The links of a row beyond edit and delete, each shown only when its page exists and the session may open it:
 * the interactive editor (videos), the preview, the usage report and the direct assignment.
 */
function useMoreRowLinks() {
  const { t } = useTranslation();
  const roles = useSessionUser()?.roles;
  const hasPage = useHasPage();
  const mayWrite = sessionCan(roles, 'create_content');
  const mayReport = sessionCan(roles, 'read_contentdetailreport');
  return (content: Content): ReactNode[] => {
    const links: ReactNode[] = [];
    const add = (to: string, label: string, icon: ReactNode, testId: string) => {
      if (hasPage(to)) {
        links.push(
          <RowLinkAction key={testId} to={to} label={label} name={content.title} icon={icon} testId={testId} />,
        );
      }
    };
    if (mayWrite && content.type === 'video') {
      add(
        pathTo('company.content.editx', { id: content.id }),
        t('content.actions.interactive'),
        <IconTimeline size={18} aria-hidden />,
        'content-editx',
      );
    }
    add(
      pathTo('company.content.preview', { id: content.id }),
      t('content.actions.preview'),
      <IconEye size={18} aria-hidden />,
      'content-preview',
    );
    if (mayReport) {
      add(
        pathTo('company.content.detail', { id: content.id }),
        t('content.actions.detail'),
        <IconChartBar size={18} aria-hidden />,
        'content-detail',
      );
    }
    if (mayWrite) {
      add(
        pathTo('company.content.assignment', { id: content.id }),
        t('content.actions.assignment'),
        <IconUsersPlus size={18} aria-hidden />,
        'content-assignment',
      );
    }
    return links;
  };
}

/**
 * The content library (`/admin/content`, read_content): search, type and status filters, sort, paging, export;
 * holders of create_content also get add, edit, delete and bulk status changes.
 */
export default function ContentsListPage() {
  const { t } = useTranslation();
  const roles = useSessionUser()?.roles;
  const canEdit = sessionCan(roles, contentsResource.contract.permissions.update);
  const hasPage = useHasPage();
  const columns = useColumns();
  const statusOptions = useActiveStatusOptions(NS);
  const typeOptions = useContentTypeOptions();
  const filters: TableFilter[] = [
    { kind: 'select', param: 'type', label: t('content.fields.type'), options: typeOptions },
    { kind: 'select', param: 'status', label: t('content.fields.status'), options: statusOptions },
  ];
  const list = useListState(contentsResource.listConfig);
  const { store, table } = useResourceTable(contentsResource, list);
  const bulkActions = useRecordBulkActions(contentsResource, TEXTS);
  const editAndDelete = useRecordRowActions<Content>(store, TEXTS, {
    testId: 'content',
    itemName: (content) => content.title,
    editPath: canEdit ? (content) => pathTo('company.content.edit', { id: content.id }) : undefined,
    canDelete: () => canEdit,
  });
  const moreLinks = useMoreRowLinks();
  const rowActions = (content: Content) => (
    <>
      {moreLinks(content)}
      {editAndDelete(content)}
    </>
  );
  const addButton = canEdit ? (
    <AddButton to={pathTo('company.content.add')} label={t(TEXTS.add)} testId="content-add" />
  ) : null;
  const managementPath = pathTo('company.content-management');
  const managementLink = hasPage(managementPath) ? (
    <Button
      component={Link}
      to={managementPath}
      variant="default"
      leftSection={<IconFolderCog size={16} aria-hidden />}
      data-testid="content-management-link"
    >
      {t('content.management_title')}
    </Button>
  ) : null;
  return (
    <>
      <PageHeader
        description={t(TEXTS.description)}
        actions={
          <>
            {managementLink}
            {addButton}
          </>
        }
      />
      <DataTable<Content>
        {...table}
        tableId="contents"
        label={t(TEXTS.title)}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        bulkActions={canEdit ? bulkActions : undefined}
        emptyTitle={t(TEXTS.empty)}
        emptyAction={addButton ?? undefined}
      />
    </>
  );
}
