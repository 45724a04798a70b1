import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/dates.js';
import { useMarkRead, useNotificationPage } from './api.js';
import { notificationTarget } from './target.js';

/** /notification: every notification of the user, ten a page (page in the URL), unread first in weight. */
export default function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = useNotificationPage(page);
  const markRead = useMarkRead();
  const total = query.data?.meta.total ?? 0;

  return (
    <Stack maw={860} mx="auto">
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {t('notifications.title')}
        </Title>
        <Button
          variant="light"
          onClick={() => markRead.mutate('all')}
          loading={markRead.isPending}
          disabled={total === 0}
        >
          {t('notifications.mark_all_read')}
        </Button>
      </Group>
      {query.isLoading && (
        <Center p="xl">
          <Loader />
        </Center>
      )}
      {query.isError && (
        <Alert color="danger" title={t('general.error_occurred')}>
          <Button variant="subtle" onClick={() => void query.refetch()}>
            {t('notifications.retry')}
          </Button>
        </Alert>
      )}
      {query.data && total === 0 && (
        <Paper withBorder p="xl" radius="lg">
          <Text c="dimmed" ta="center">
            {t('notifications.empty')}
          </Text>
        </Paper>
      )}
      <Stack gap="xs" data-testid="notification-list">
        {query.data?.data.map((n) => (
          <Paper key={n.id} withBorder radius="md" p="md">
            <UnstyledButton
              w="100%"
              onClick={() => {
                if (!n.pivot.is_read) markRead.mutate(n.id);
                const target = notificationTarget(n);
                if (target !== '/notification') navigate(target);
              }}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Text fw={n.pivot.is_read ? 400 : 700}>{n.parsed_data.message}</Text>
                  <Text fz="sm" c="dimmed">
                    {n.parsed_data.text || t('general.you_have_a_notification')}
                  </Text>
                </Stack>
                <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(n.created_at, i18n.language)}
                </Text>
              </Group>
            </UnstyledButton>
          </Paper>
        ))}
      </Stack>
      {total > 10 && (
        <Pagination
          total={Math.ceil(total / 10)}
          value={page}
          onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
          getControlProps={(control) => ({ 'aria-label': t(`notifications.page_${control}`) })}
        />
      )}
    </Stack>
  );
}
