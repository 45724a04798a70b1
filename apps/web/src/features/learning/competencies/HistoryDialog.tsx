import { Alert, Button, Center, Loader, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useLocalizedText } from '../../organisation/faq/admin/api.js';
import { useLevelHistory } from './api.js';

const NS = 'competencies';

/** A person's level changes (of one competency, or all), newest first: from what to what, how, by whom, when. */
export function HistoryDialog({
  person,
  competencyId,
  onClose,
}: {
  person: { id: number; name: string } | null;
  competencyId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={person !== null}
      onClose={onClose}
      title={person ? t(`${NS}.history_title`, { name: person.name }) : ''}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('resource.cancel') }}
    >
      {person && <History userId={person.id} competencyId={competencyId} />}
    </Modal>
  );
}

function History({ userId, competencyId }: { userId: number; competencyId: number | null }) {
  const { t, i18n } = useTranslation();
  const localized = useLocalizedText();
  const [page, setPage] = useState(1);
  const history = useLevelHistory(userId, competencyId, page);
  if (history.isLoading) {
    return (
      <Center p="lg">
        <Loader role="status" aria-label={t('resource.loading')} />
      </Center>
    );
  }
  if (history.isError || !history.data) {
    return (
      <Alert color="danger" title={t('resource.load_failed')}>
        <Button variant="subtle" onClick={() => void history.refetch()}>
          {t('resource.retry')}
        </Button>
      </Alert>
    );
  }
  const { data, meta } = history.data;
  if (data.length === 0) return <EmptyState title={t(`${NS}.history_empty`)} />;
  const levelText = (level: number | null) => (level === null ? '—' : String(level));
  return (
    <Stack data-testid="level-history">
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(`${NS}.level_columns.competency`)}</Table.Th>
              <Table.Th>{t(`${NS}.history_change`)}</Table.Th>
              <Table.Th>{t(`${NS}.level_columns.source`)}</Table.Th>
              <Table.Th>{t(`${NS}.level_columns.set_by`)}</Table.Th>
              <Table.Th>{t(`${NS}.level_columns.set_at`)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{localized(entry.competency.names)}</Table.Td>
                <Table.Td>
                  <Text fz="sm" fw={600}>
                    {levelText(entry.from_level)} → {levelText(entry.to_level)}
                  </Text>
                  {entry.note && (
                    <Text fz="xs" c="dimmed">
                      {entry.note}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {entry.source === 'rule'
                    ? `${t(`${NS}.sources.rule`)}${entry.rule ? `: ${entry.rule.name}` : ''}`
                    : t(`${NS}.sources.manual`)}
                </Table.Td>
                <Table.Td>{entry.set_by?.name ?? '—'}</Table.Td>
                <Table.Td>{formatDateTime(entry.set_at, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {meta.total > meta.per_page && (
        <Pagination
          total={Math.ceil(meta.total / meta.per_page)}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`notifications.page_${control}`) })}
        />
      )}
    </Stack>
  );
}
