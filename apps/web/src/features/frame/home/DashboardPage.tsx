import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deferred } from '../../../lib/deferred.js';
import { useSessionUser } from '../../../lib/session.js';

// The learner's content loads after the first paint, from its own chunk: the first-paint shell (issue 11) stays the
// page's card alone.
const MyContentSection = deferred(() => import('../../learning/player/MyContentSection.js'));

/** /dashboard: the learner's home. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Stack maw={960} mx="auto">
      <Paper withBorder radius="lg" p="xl">
        <Title order={1} fz="h2" data-testid="dashboard-welcome">
          {t('dashboard.welcome', { name: user?.name ?? '' })}
        </Title>
        <Text c="dimmed" mt="xs">
          {t('dashboard.company_line', { company: user?.company_name ?? '' })}
        </Text>
      </Paper>
      <MyContentSection />
    </Stack>
  );
}
