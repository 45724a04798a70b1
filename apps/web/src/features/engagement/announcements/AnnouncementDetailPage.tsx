import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import DOMPurify from 'dompurify';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { formatDay } from '../../../lib/dates.js';
import { AnnouncementBadges } from './AnnouncementCard.js';
import { useAnnouncement, useMarkAnnouncementRead } from './api.js';

/** /announcements/{id}: one announcement in full; opening it marks it read. */
export default function AnnouncementDetailPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const query = useAnnouncement(id);
  const markRead = useMarkAnnouncementRead();
  const announcement = query.data;
  const unread = announcement !== undefined && !announcement.is_read;
  const { mutate } = markRead;
  useEffect(() => {
    if (unread) mutate(id);
  }, [unread, id, mutate]);
  const back = (
    <Anchor component={Link} to={pathTo('user.announcements')} fz="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden />
        {t('announcements.learner.back')}
      </Group>
    </Anchor>
  );
  return (
    <Stack maw={860} mx="auto" w="100%">
      {back}
      {query.isLoading && (
        <Center p="xl">
          <Loader aria-label={t('resource.loading')} />
        </Center>
      )}
      {query.isError && (
        <EmptyState title={t('general.couldnt_found_item_with_given_id')} testId="announcement-missing" />
      )}
      {announcement && (
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
          component="article"
          data-testid="announcement-detail"
        >
          <Stack>
            <AnnouncementBadges announcement={announcement} />
            <Title order={1} fz="h2">
              {announcement.title}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('announcements.learner.published_on', {
                date: formatDay(announcement.publish_date, i18n.language),
              })}
            </Text>
            {announcement.image_src && <Image src={announcement.image_src} alt="" radius="md" mah={420} fit="cover" />}
            {announcement.body && (
              <Typography data-testid="announcement-body">
                {/* Written in the editor and sanitized on the server; sanitized again before display. */}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify */}
                <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(announcement.body) }} />
              </Typography>
            )}
            {markRead.isSuccess && (
              <Alert color="success" icon={<IconCheck size={18} aria-hidden />} variant="light">
                {t('announcements.marked_read')}
              </Alert>
            )}
            {markRead.isError && (
              <Button variant="light" onClick={() => mutate(id)}>
                {t('announcements.learner.mark_read')}
              </Button>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
