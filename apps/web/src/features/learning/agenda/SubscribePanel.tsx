import type { AgendaFeedCreated } from '@kampus/shared';
import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconCheck, IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmButton.js';
import { formatDateTime } from '../../../lib/dates.js';
import { useAgendaFeed, useCreateAgendaFeed, useRevokeAgendaFeed } from './api.js';

/**
 * The personal calendar subscription: create the secret address (shown once, with a copy button), replace it, or
 * revoke it after a confirmation. How to add it to Outlook or Google Calendar is one sentence above.
 */
export function SubscribePanel() {
  const { t, i18n } = useTranslation();
  const status = useAgendaFeed();
  const create = useCreateAgendaFeed();
  const revoke = useRevokeAgendaFeed();
  const [created, setCreated] = useState<AgendaFeedCreated | null>(null);

  const failed = (error: unknown) =>
    notifications.show({
      color: 'danger',
      message: error instanceof Error ? error.message : t('agenda.subscribe.failed'),
    });
  const make = () => create.mutate(undefined, { onSuccess: setCreated, onError: failed });
  const askReplace = () =>
    confirmAction({
      title: t('agenda.subscribe.replace_title'),
      message: t('agenda.subscribe.replace_text'),
      confirmLabel: t('agenda.subscribe.replace'),
      onConfirm: make,
    });
  const askRevoke = () =>
    confirmAction({
      title: t('agenda.subscribe.revoke_title'),
      message: t('agenda.subscribe.revoke_text'),
      confirmLabel: t('agenda.subscribe.revoke_confirm'),
      onConfirm: () =>
        revoke.mutate(undefined, {
          onSuccess: () => {
            setCreated(null);
            notifications.show({ color: 'success', message: t('agenda.subscribe.revoked') });
          },
          onError: failed,
        }),
    });

  const feed = status.data;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="agenda-subscribe">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconCalendarPlus size={22} aria-hidden />
          <Title order={2} fz="h4">
            {t('agenda.subscribe.title')}
          </Title>
        </Group>
        <Text fz="sm">{t('agenda.subscribe.text')}</Text>
        {created ? (
          <Stack gap="xs">
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={t('agenda.subscribe.url_label')}
                value={created.url}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1 }}
                data-testid="agenda-feed-url"
              />
              <CopyButton value={created.url}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('agenda.subscribe.copied') : t('agenda.subscribe.copy')}>
                    <ActionIcon
                      size="lg"
                      variant={copied ? 'filled' : 'light'}
                      color={copied ? 'success' : undefined}
                      onClick={copy}
                      aria-label={copied ? t('agenda.subscribe.copied') : t('agenda.subscribe.copy')}
                      data-testid="agenda-feed-copy"
                    >
                      {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <Alert color="orange" variant="light" p="xs">
              <Text fz="sm">{t('agenda.subscribe.shown_once')}</Text>
            </Alert>
          </Stack>
        ) : status.isPending ? (
          <Skeleton height={20} role="status" aria-label={t('agenda.loading')} />
        ) : status.isError ? (
          <Group gap="xs">
            <Text fz="sm">{t('agenda.load_failed')}</Text>
            <Button variant="subtle" size="xs" onClick={() => void status.refetch()}>
              {t('agenda.retry')}
            </Button>
          </Group>
        ) : feed?.exists && feed.created_at ? (
          <Stack gap={2} data-testid="agenda-feed-exists">
            <Text fz="sm">
              {t('agenda.subscribe.exists', { date: formatDateTime(feed.created_at, i18n.language) })}
            </Text>
            <Text fz="sm" c="dimmed">
              {feed.last_used_at
                ? t('agenda.subscribe.last_used', { date: formatDateTime(feed.last_used_at, i18n.language) })
                : t('agenda.subscribe.never_used')}
            </Text>
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed" data-testid="agenda-feed-none">
            {t('agenda.subscribe.none')}
          </Text>
        )}
        {status.isSuccess && (
          <Group gap="xs">
            {feed?.exists ? (
              <>
                <Button
                  variant="light"
                  leftSection={<IconRefresh size={16} />}
                  loading={create.isPending}
                  onClick={askReplace}
                  data-testid="agenda-feed-replace"
                >
                  {t('agenda.subscribe.replace')}
                </Button>
                <Button
                  variant="subtle"
                  color="danger"
                  leftSection={<IconTrash size={16} />}
                  loading={revoke.isPending}
                  onClick={askRevoke}
                  data-testid="agenda-feed-revoke"
                >
                  {t('agenda.subscribe.revoke')}
                </Button>
              </>
            ) : (
              <Button
                leftSection={<IconCalendarPlus size={16} />}
                loading={create.isPending}
                onClick={make}
                data-testid="agenda-feed-create"
              >
                {t('agenda.subscribe.create')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
