import { BUILT_IN_ROLES } from '@kampus/shared';
import { Alert, Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCompany } from '../../../app/company.js';
import { UserAvatar } from '../../../components/UserAvatar.js';
import { useSessionUser } from '../../../lib/session.js';
import { MyCompetenciesSection } from '../../learning/competencies/index.js';
import { useProfile } from './api.js';

const BUILT_IN_ROLE_NAMES: readonly string[] = BUILT_IN_ROLES.map((role) => role.name);

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={2}>
      <Text fz="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} data-testid={testId} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** /profile: the signed-in person as Kampus knows them, with the way to change it. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const query = useProfile();
  const user = useSessionUser();
  const company = useCompany();
  const notSet = (
    <Text span c="dimmed">
      {t('profile.not_set')}
    </Text>
  );

  if (query.isLoading) {
    return (
      <Center p="xl">
        <Loader aria-label={t('profile.loading')} />
      </Center>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Alert color="danger" title={t('profile.load_failed')} maw={860} mx="auto" data-testid="profile-error">
        <Button variant="subtle" onClick={() => void query.refetch()}>
          {t('profile.retry')}
        </Button>
      </Alert>
    );
  }

  const profile = query.data;
  const roles = user?.roles ?? [];
  const roleLabel = (name: string) => (BUILT_IN_ROLE_NAMES.includes(name) ? t(`profile.role_names.${name}`) : name);
  return (
    <Stack maw={860} mx="auto" data-testid="profile-page">
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {t('profile.title')}
        </Title>
        <Button component={Link} to="/update-profile" leftSection={<IconPencil size={16} aria-hidden />}>
          {t('profile.edit')}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p="xl">
        <Group gap="lg" wrap="nowrap" align="center">
          <UserAvatar photo={profile.photo} size={96} alt={t('profile.photo_of', { name: profile.name })} />
          <Stack gap={4}>
            <Title order={2} fz="h3" data-testid="profile-name">
              {`${profile.name} ${profile.surname}`}
            </Title>
            <Text c="dimmed">{user?.company_name ?? company?.name}</Text>
          </Stack>
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" mt="xl" mb={0}>
          <Detail label={t('profile.email')} testId="profile-email">
            {profile.email ?? notSet}
          </Detail>
          <Detail label={t('profile.username')} testId="profile-username">
            {profile.username ?? notSet}
          </Detail>
          <Detail label={t('profile.language')} testId="profile-language">
            {t(`languages.${profile.language}`)}
          </Detail>
          <Detail label={t('profile.company')} testId="profile-company">
            {user?.company_name ?? company?.name ?? notSet}
          </Detail>
          <Detail label={t('profile.roles')} testId="profile-roles">
            {roles.length === 0 ? (
              notSet
            ) : (
              <Group gap={6} component="span">
                {roles.map((role) => (
                  <Badge key={role.id} variant="light" component="span">
                    {roleLabel(role.name)}
                  </Badge>
                ))}
              </Group>
            )}
          </Detail>
          <Detail label={t('profile.bio')} testId="profile-bio">
            {profile.bio ?? notSet}
          </Detail>
        </SimpleGrid>
      </Paper>
      <MyCompetenciesSection />
    </Stack>
  );
}
