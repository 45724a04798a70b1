import type { LearnerAnnouncement } from '@kampus/shared';
import { Anchor, Badge, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { formatDay } from '../../../lib/dates.js';

/** The plain text of a (sanitized) announcement body, for a short excerpt. */
export function excerptOf(html: string | null): string {
  if (!html) return '';
  const holder = document.createElement('div');
  holder.innerHTML = DOMPurify.sanitize(html);
  return (holder.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Pinned, must-read and unread marks of an announcement. */
export function AnnouncementBadges({ announcement }: { announcement: LearnerAnnouncement }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      {announcement.pinned && (
        <Badge variant="default" leftSection={<IconPin size={12} aria-hidden />}>
          {t('announcements.learner.pinned')}
        </Badge>
      )}
      {announcement.must_read && (
        <Badge variant="filled" color="red.9">
          {t('announcements.learner.must_read')}
        </Badge>
      )}
      {!announcement.is_read && (
        <Badge variant="filled" data-testid="announcement-unread">
          {t('announcements.learner.unread')}
        </Badge>
      )}
    </Group>
  );
}

/** One announcement in a list: image, title (the link to it), date, marks and the start of its text. */
export function AnnouncementCard({
  announcement,
  compact = false,
}: {
  announcement: LearnerAnnouncement;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const link = pathTo('user.announcement-detail', { id: announcement.id });
  return (
    <Paper withBorder radius="lg" p="md" data-testid="announcement-card">
      <Group align="flex-start" wrap="nowrap" gap="md">
        {announcement.image_src && !compact && (
          <Image src={announcement.image_src} alt="" w={120} h={80} radius="md" fit="cover" visibleFrom="xs" />
        )}
        <Stack gap={6} miw={0} flex={1}>
          <AnnouncementBadges announcement={announcement} />
          <Title order={3} fz="h5" fw={announcement.is_read ? 500 : 700}>
            <Anchor component={Link} to={link} c="inherit" data-testid="announcement-link">
              {announcement.title}
            </Anchor>
          </Title>
          <Text fz="xs" c="dimmed">
            {t('announcements.learner.published_on', { date: formatDay(announcement.publish_date, i18n.language) })}
          </Text>
          {announcement.body && (
            <Text fz="sm" c="dimmed" lineClamp={compact ? 2 : 3}>
              {excerptOf(announcement.body)}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
