import { Alert, Badge, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.js';
import { isMissingItem, NOT_FOUND_MESSAGE } from '../../../lib/resource.js';
import { type PlayerData, usePlayerData } from './api.js';
import { PlayerBody, usePlayerChannel } from './PlayerView.js';

function Preview({ data }: { data: PlayerData }) {
  const { t } = useTranslation();
  const { channel, answer } = usePlayerChannel(data, true);
  return (
    <Stack data-testid="content-preview">
      <Group gap="sm">
        <Title order={2} fz="h3">
          {data.content.title}
        </Title>
        <Badge variant="light" leftSection={<IconEye size={14} aria-hidden />}>
          {t('player.preview.badge')}
        </Badge>
      </Group>
      <Alert color="blue" variant="light">
        {t('player.preview.notice')}
      </Alert>
      <PlayerBody data={data} channel={channel} answer={answer} />
    </Stack>
  );
}

/**
 * /admin/content/:id/preview (read_content): the player as a learner sees it — guard on, markers pause the video —
 * fed by the preview call, which records nothing; answers are not sent (the preview carries no correctness, so the
 * video just goes on).
 */
export default function PreviewPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const valid = /^\d{1,10}$/.test(id);
  const query = usePlayerData(id, 'preview', valid);
  const missing = !valid || (query.isError && isMissingItem(query.error));

  useEffect(() => {
    if (missing) navigate('/404', { replace: true, state: { message: NOT_FOUND_MESSAGE } });
  }, [missing, navigate]);

  if (query.data) return <Preview data={query.data} />;
  if (query.isError && !missing) {
    return (
      <EmptyState
        title={t('player.load_failed')}
        text={query.error instanceof Error ? query.error.message : undefined}
        action={<Button onClick={() => query.refetch()}>{t('player.retry')}</Button>}
      />
    );
  }
  return (
    <Center mih={320}>
      <Loader aria-label={t('player.loading')} />
    </Center>
  );
}
