import { type DashboardFigureGroup, type DashboardUser, displayName, initials } from '@kampus/shared';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  type Icon,
  IconChartBar,
  IconEye,
  IconLogin,
  IconUserCheck,
  IconUserOff,
  IconUserPause,
  IconUsers,
} from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCompany } from '../../../app/company.js';
import { pathTo } from '../../../app/route-names.js';
import { formatLongDate } from '../../../lib/dates.js';
import { useSessionUser } from '../../../lib/session.js';
import { useAdminDashboard } from '../../frame/admin/api.js';
import { startImpersonation } from '../../identity/auth/impersonation.js';
import { UserStatusBadge } from '../../organisation/users/StatusBadge.js';

/** Icons of the figures known today; a figure a later module adds gets the generic chart icon. */
const FIGURE_ICONS: Record<string, Icon> = {
  active_users: IconUserCheck,
  passive_users: IconUserOff,
  pending_users: IconUserPause,
  sign_in_people: IconUsers,
  sign_ins_total: IconLogin,
};

/** Figures with a screen to act on them: the link and its label's locale key. */
const FIGURE_LINKS: Record<string, { to: string; label: string }> = {
  pending_users: { to: pathTo('company.requests.user'), label: 'registration_requests.pending_link' },
};

function FigureGroup({ group }: { group: DashboardFigureGroup }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h4" id={titleId}>
        {t(`admin_dashboard.groups.${group.key}`)}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {group.figures.map((figure) => {
          const FigureIcon = FIGURE_ICONS[figure.key] ?? IconChartBar;
          return (
            <Paper
              key={figure.key}
              withBorder
              radius="lg"
              p="md"
              data-testid={`figure-${group.key}-${figure.key}`}
              data-value={figure.value}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text c="gray.7" fz="sm" fw={500}>
                  {t(`admin_dashboard.figures.${figure.key}`)}
                </Text>
                <ThemeIcon variant="light" radius="md" aria-hidden>
                  <FigureIcon size={18} />
                </ThemeIcon>
              </Group>
              <Text fz={32} fw={700} lh={1.2} mt="xs">
                {number.format(figure.value)}
              </Text>
              {FIGURE_LINKS[figure.key] && (
                <Anchor
                  component={Link}
                  to={FIGURE_LINKS[figure.key]?.to ?? ''}
                  fz="sm"
                  data-testid={`figure-link-${figure.key}`}
                >
                  {t(FIGURE_LINKS[figure.key]?.label ?? '')}
                </Anchor>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

/** Asks first, then swaps the session for the person's (the own one is kept aside) and opens their dashboard. */
function useViewAs() {
  const { t } = useTranslation();
  return (person: DashboardUser, name: string) =>
    modals.openConfirmModal({
      title: t('admin_dashboard.view_as_title'),
      children: <Text fz="sm">{t('admin_dashboard.view_as_confirm', { name })}</Text>,
      labels: { confirm: t('admin_dashboard.view_as_start'), cancel: t('admin_dashboard.cancel') },
      confirmProps: { 'data-testid': 'view-as-confirm' } as Record<string, string>,
      onConfirm: () => {
        startImpersonation(person.id).then(
          // A full load, so nothing cached for the super admin is shown in the person's view.
          () => window.location.assign('/dashboard'),
          (error: unknown) =>
            notifications.show({
              color: 'danger',
              message: error instanceof Error && error.message ? error.message : t('general.error_occurred'),
            }),
        );
      },
    });
}

function NewestUsers({ users }: { users: DashboardUser[] }) {
  const { t, i18n } = useTranslation();
  const company = useCompany();
  const viewer = useSessionUser();
  const viewAs = useViewAs();
  const titleId = useId();
  const withActions = users.some((person) => person.can_impersonate);
  const nameOf = (person: DashboardUser) =>
    displayName(person, { id: viewer?.id, roles: viewer?.roles ?? [] }, company?.surname_view_restrict);

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h4" id={titleId} mb="sm">
        {t('admin_dashboard.newest_users')}
      </Title>
      {users.length === 0 ? (
        <Text c="gray.7" ta="center" py="lg">
          {t('admin_dashboard.no_users')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="newest-users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin_dashboard.columns.name')}</Table.Th>
                <Table.Th>{t('admin_dashboard.columns.email')}</Table.Th>
                <Table.Th>{t('admin_dashboard.columns.created_at')}</Table.Th>
                <Table.Th>{t('admin_dashboard.columns.status')}</Table.Th>
                {withActions && (
                  <Table.Th>
                    <VisuallyHidden>{t('admin_dashboard.columns.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((person) => {
                const name = nameOf(person);
                return (
                  <Table.Tr key={person.id} data-testid="newest-user-row" data-user-id={person.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar radius="xl" size="sm" color="brand" aria-hidden>
                          {initials(person)}
                        </Avatar>
                        <Text fz="sm" fw={500}>
                          {name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{person.email ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{formatLongDate(person.created_at, i18n.language)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <UserStatusBadge status={person.status} />
                    </Table.Td>
                    {withActions && (
                      <Table.Td ta="right">
                        {person.can_impersonate && (
                          <Button
                            size="compact-sm"
                            variant="light"
                            color="danger"
                            leftSection={<IconEye size={16} aria-hidden />}
                            aria-label={t('admin_dashboard.view_as_person', { name })}
                            onClick={() => viewAs(person, name)}
                            data-testid={`view-as-${person.id}`}
                          >
                            {t('admin_dashboard.view_as')}
                          </Button>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack
      gap="xl"
      role="status"
      aria-busy="true"
      aria-label={t('admin_dashboard.loading')}
      data-testid="admin-dashboard-loading"
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {[1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} h={104} radius="lg" />
        ))}
      </SimpleGrid>
      <Stack gap="xs">
        {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
          <Skeleton key={n} h={36} radius="sm" />
        ))}
      </Stack>
    </Stack>
  );
}

/** /admin/dashboard: the company's figures, group by group, and its newest people (spec §2.2). */
export default function AdminDashboardPage() {
  const { t } = useTranslation();
  const query = useAdminDashboard();

  if (query.isPending) return <DashboardSkeleton />;
  if (query.isError) {
    return (
      <Alert color="danger" title={t('admin_dashboard.load_failed')} data-testid="admin-dashboard-error">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{query.error.message}</Text>
          <Button variant="light" color="danger" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('admin_dashboard.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { groups, newest_users: newestUsers } = query.data;
  const shown = groups.filter((group) => group.figures.length > 0);
  if (shown.length === 0 && newestUsers === null) {
    return (
      <Paper withBorder radius="lg" p="xl" data-testid="admin-dashboard-empty">
        <Stack align="center" gap="xs">
          <ThemeIcon variant="light" size="xl" radius="xl" aria-hidden>
            <IconChartBar size={24} />
          </ThemeIcon>
          <Text c="gray.7" ta="center">
            {t('admin_dashboard.nothing_to_show')}
          </Text>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="xl" data-testid="admin-dashboard">
      {shown.map((group) => (
        <FigureGroup key={group.key} group={group} />
      ))}
      {newestUsers && <NewestUsers users={newestUsers} />}
    </Stack>
  );
}
