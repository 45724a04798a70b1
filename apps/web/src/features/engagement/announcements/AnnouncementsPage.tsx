import { Alert, Button, Center, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.js';
import { AnnouncementCard } from './AnnouncementCard.js';
import { useAnnouncements } from './api.js';

const PER_PAGE = 10;

/** /announcements: every announcement for this person today, pinned first then newest, ten a page (page in the URL). */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = useAnnouncements(page, PER_PAGE);
  const total = query.data?.meta.total ?? 0;
  return (
    <Stack maw={860} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('announcements.learner.title')}
        </Title>
        <Text c="dimmed">{t('announcements.learner.description')}</Text>
      </Stack>
      {query.isLoading && (
        <Center p="xl">
          <Loader aria-label={t('resource.loading')} />
        </Center>
      )}
      {query.isError && (
        <Alert color="danger" title={t('announcements.learner.error')}>
          <Button variant="subtle" onClick={() => void query.refetch()}>
            {t('announcements.learner.retry')}
          </Button>
        </Alert>
      )}
      {query.data && total === 0 && (
        <EmptyState
          title={t('announcements.learner.empty')}
          icon={<IconSpeakerphone size={26} />}
          testId="announcements-empty"
        />
      )}
      <Stack gap="sm" data-testid="announcement-list">
        {query.data?.data.map((announcement) => (
          <AnnouncementCard key={announcement.id} announcement={announcement} />
        ))}
      </Stack>
      {total > PER_PAGE && (
        <Pagination
          total={Math.ceil(total / PER_PAGE)}
          value={page}
          onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
          getControlProps={(control) => ({ 'aria-label': t(`notifications.page_${control}`) })}
        />
      )}
    </Stack>
  );
}
