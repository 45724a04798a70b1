import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deferred } from '../../../lib/deferred.js';
import { deferredWithQueries } from '../../../lib/deferred-queries.js';
import { useSessionUser } from '../../../lib/session.js';

// The learning blocks and the learner's lone contents load after the first paint, each from its own chunk: the
// first-paint shell (issue 11) stays the welcome card alone, and the home's JS budget (e2e/budget.e2e.ts) holds.
const LearnerHome = deferredWithQueries(
  async () => (await import('../../learning/educations/learner/LearnerHome.js')).default,
  <Skeleton height={240} radius="lg" />,
);
const MyContentSection = deferred(() => import('../../learning/player/MyContentSection.js'));
// Announcements and the advertisement slider (issue 17), each its own chunk after the first paint as well.
const AdvertisementSlider = deferredWithQueries(
  async () => (await import('../../engagement/advertisements/AdvertisementSlider.js')).default,
);
const AnnouncementsBlock = deferredWithQueries(
  async () => (await import('../../engagement/announcements/AnnouncementsBlock.js')).default,
  <Skeleton height={160} radius="lg" />,
);

/** /dashboard: the learner's home (issue 13): the banners and announcements (issue 17), continue learning, due soon, programs, new in the catalogue, totals. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Stack maw={1200} mx="auto" w="100%" gap="xl">
      <Paper withBorder radius="lg" p="xl">
        <Title order={1} fz="h2" data-testid="dashboard-welcome">
          {t('dashboard.welcome', { name: user?.name ?? '' })}
        </Title>
        <Text c="dimmed" mt="xs">
          {t('dashboard.company_line', { company: user?.company_name ?? '' })}
        </Text>
      </Paper>
      <AdvertisementSlider />
      <AnnouncementsBlock />
      <LearnerHome />
      <MyContentSection />
    </Stack>
  );
}
