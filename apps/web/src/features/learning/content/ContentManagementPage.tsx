import { type ContentOverview, type ContentType, formatFileSize } from '@kampus/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconFileOff } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { confirmAction } from '../../../components/ConfirmButton.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSessionUser } from '../../../lib/session.js';
import { sessionCan } from '../../frame/admin/access.js';
import { ActiveStatusBadge } from '../../frame/admin/records/ActiveStatusBadge.js';
import { useBulkRunner } from '../../frame/admin/records/ResourceListPage.js';
import { contentsResource, useContentOverview } from './api.js';
import { ContentTypeIcon, ContentTypeLabel } from './ContentType.js';

const NS = contentsResource.contract.namespace;

/** Storage used by each type: how many contents and how many bytes their current files take. */
function StorageCards({ storage }: { storage: ContentOverview['storage'] }) {
  const { t } = useTranslation();
  const total = storage.reduce((sum, row) => sum + row.bytes, 0);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} fz="md">
          {t('content.management.storage_title')}
        </Title>
        <Text fz="sm" c="dimmed" data-testid="storage-total">
          {t('content.management.storage_total', { size: formatFileSize(total) })}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 5 }} data-testid="content-storage">
        {storage.map((row) => (
          <Paper key={row.type} withBorder radius="lg" p="md" data-testid={`storage-${row.type}`}>
            <Group gap="sm" wrap="nowrap">
              <ContentTypeIcon type={row.type} size={36} />
              <Stack gap={0}>
                <Text fz="sm" fw={600}>
                  {t(`content.types.${row.type}`)}
                </Text>
                <Text fz="lg" fw={700} data-testid={`storage-${row.type}-bytes`}>
                  {formatFileSize(row.bytes)}
                </Text>
                <Text fz="xs" c="dimmed" data-testid={`storage-${row.type}-count`}>
                  {t('content.management.contents_count', { count: row.contents })}
                </Text>
              </Stack>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

interface OverviewRow {
  id: number;
  type: ContentType;
  title: string;
}

interface SelectableTableProps<Row extends OverviewRow> {
  title: string;
  rows: Row[];
  /** The cell after the type and title: the status or the problem. */
  detail: { title: string; render: (row: Row) => ReactNode };
  selected: Set<number>;
  onSelect: (ids: number[], checked: boolean) => void;
  selectable: boolean;
  empty: { title: string; icon: ReactNode };
  testId: string;
}

/** A short list of contents (no paging: the server answers the whole list) with rows one may select. */
function SelectableTable<Row extends OverviewRow>({
  title,
  rows,
  detail,
  selected,
  onSelect,
  selectable,
  empty,
  testId,
}: SelectableTableProps<Row>) {
  const { t } = useTranslation();
  const ids = rows.map((row) => row.id);
  const chosen = ids.filter((id) => selected.has(id)).length;
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Title order={3} fz="md" mb="sm">
        {`${title} (${rows.length})`}
      </Title>
      {rows.length === 0 ? (
        <EmptyState title={empty.title} icon={empty.icon} testId={`${testId}-empty`} />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table aria-label={title} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {selectable && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('resource.select_all')}
                      checked={chosen === ids.length}
                      indeterminate={chosen > 0 && chosen < ids.length}
                      onChange={(event) => onSelect(ids, event.currentTarget.checked)}
                    />
                  </Table.Th>
                )}
                <Table.Th>{t('content.fields.title')}</Table.Th>
                <Table.Th>{t('content.fields.type')}</Table.Th>
                <Table.Th>{detail.title}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid={`${testId}-row`}>
                  {selectable && (
                    <Table.Td>
                      <Checkbox
                        aria-label={t('resource.select_row', { id: row.title })}
                        checked={selected.has(row.id)}
                        onChange={(event) => onSelect([row.id], event.currentTarget.checked)}
                        data-testid={`${testId}-select`}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>
                    {selectable ? (
                      <Anchor component={Link} to={pathTo('company.content.edit', { id: row.id })} fz="sm">
                        {row.title}
                      </Anchor>
                    ) : (
                      <Text fz="sm">{row.title}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <ContentTypeLabel type={row.type} />
                  </Table.Td>
                  <Table.Td>{detail.render(row)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** The selection's bulk status change (the contents resource's `bulk` action); making passive asks first. */
function BulkStatusBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { t } = useTranslation();
  const bulk = useBulkRunner(contentsResource);
  const [running, setRunning] = useState<0 | 1 | null>(null);
  const run = async (status: 0 | 1) => {
    setRunning(status);
    try {
      await bulk({ action: 'status', ids, status });
      onDone();
    } catch (error) {
      notifications.show({ color: 'danger', message: error instanceof Error ? error.message : '' });
    } finally {
      setRunning(null);
    }
  };
  const passive = () =>
    confirmAction({
      title: t('content.management.passive_title'),
      message: t('content.management.passive_text', { count: ids.length }),
      confirmLabel: t(`${NS}.make_passive`),
      onConfirm: () => run(0),
    });
  return (
    <Paper withBorder p="xs" radius="md" bg="gray.0" data-testid="management-bulk-bar">
      <Group gap="sm">
        <Text fz="sm" fw={600} aria-live="polite">
          {t('resource.selected', { count: ids.length })}
        </Text>
        <Button
          size="xs"
          variant="light"
          loading={running === 1}
          disabled={running !== null}
          onClick={() => void run(1)}
          data-testid="management-bulk-activate"
        >
          {t(`${NS}.activate`)}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="danger"
          loading={running === 0}
          disabled={running !== null}
          onClick={passive}
          data-testid="management-bulk-passive"
        >
          {t(`${NS}.make_passive`)}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * The company's content overview (`/admin/content-management`, read_content): storage per type, the contents nobody
 * uses, the contents whose file is missing, and a bulk status change over the selected ones (create_content).
 */
export default function ContentManagementPage() {
  const { t } = useTranslation();
  const overview = useContentOverview();
  const canEdit = sessionCan(useSessionUser()?.roles, contentsResource.contract.permissions.update);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const select = (ids: number[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  if (overview.isLoading) {
    return (
      <Center p="xl">
        <Loader aria-label={t('resource.loading')} />
      </Center>
    );
  }
  if (!overview.data) {
    return (
      <Alert color="danger" title={t('resource.load_failed')} data-testid="content-management-error">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{(overview.error as Error | null)?.message}</Text>
          <Button variant="light" size="xs" onClick={() => void overview.refetch()}>
            {t('resource.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { storage, unused, broken } = overview.data;
  return (
    <Stack>
      <PageHeader description={t('content.management_description')} />
      <StorageCards storage={storage} />
      {canEdit && selected.size > 0 && <BulkStatusBar ids={[...selected]} onDone={() => setSelected(new Set())} />}
      <SelectableTable
        title={t('content.management.unused_title')}
        rows={unused}
        detail={{
          title: t('content.fields.status'),
          render: (row) => <ActiveStatusBadge status={row.status} namespace={NS} />,
        }}
        selected={selected}
        onSelect={select}
        selectable={canEdit}
        empty={{ title: t('content.management.unused_empty'), icon: <IconFileOff size={26} /> }}
        testId="content-unused"
      />
      <SelectableTable
        title={t('content.management.broken_title')}
        rows={broken}
        detail={{
          title: t('content.management.problem'),
          render: (row) => (
            <Badge color="danger" variant="light" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
              {t(`content.management.problems.${row.problem}`)}
            </Badge>
          ),
        }}
        selected={selected}
        onSelect={select}
        selectable={canEdit}
        empty={{ title: t('content.management.broken_empty'), icon: <IconFileOff size={26} /> }}
        testId="content-broken"
      />
    </Stack>
  );
}
