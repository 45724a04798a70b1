import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { AnnouncementCard } from './AnnouncementCard.js';
import { useAnnouncements } from './api.js';

const HOME_COUNT = 3;

/** The learner home's announcements: the first three (pinned first), the unread count and the way to all of them. */
export default function AnnouncementsBlock() {
  const { t } = useTranslation();
  const query = useAnnouncements(1, HOME_COUNT);
  const unread = query.data?.meta.unread ?? 0;
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="home-announcements"
      data-testid="home-announcements"
    >
      <Group justify="space-between" mb="md">
        <Group gap="sm">
          <Title order={2} fz="h3" id="home-announcements">
            {t('announcements.learner.title')}
          </Title>
          {unread > 0 && <Badge variant="filled">{t('announcements.learner.unread_count', { count: unread })}</Badge>}
        </Group>
        {(query.data?.meta.total ?? 0) > 0 && (
          <Anchor component={Link} to={pathTo('user.announcements')} fz="sm">
            {t('announcements.learner.see_all')}
          </Anchor>
        )}
      </Group>
      {query.isLoading && <Skeleton height={96} radius="md" />}
      {query.isError && (
        <Alert color="danger" title={t('announcements.learner.error')}>
          <Button variant="subtle" onClick={() => void query.refetch()}>
            {t('announcements.learner.retry')}
          </Button>
        </Alert>
      )}
      {query.data && query.data.data.length === 0 && (
        <Text c="dimmed" fz="sm" data-testid="home-announcements-empty">
          {t('announcements.learner.empty')}
        </Text>
      )}
      <Stack gap="sm">
        {query.data?.data.map((announcement) => (
          <AnnouncementCard key={announcement.id} announcement={announcement} compact />
        ))}
      </Stack>
    </Paper>
  );
}
