import {
  type AdminIntegration,
  CARD_PAYMENT_INTEGRATION_KEY,
  INTEGRATION_CATEGORIES,
  type IntegrationCategory,
} from '@kampus/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../../components/ConfirmButton.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { formatDateTime } from '../../../../lib/dates.js';
import { integrationKeys, integrationsApi } from '../api.js';

type Shown = 'all' | 'active' | 'inactive';

const matches = (integration: AdminIntegration, shown: Shown) =>
  shown === 'all' || (shown === 'active') === integration.active;

/** Activation and deactivation, each confirmed; both lists (admin and by_user) are refreshed after. */
function useToggle() {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (integration: AdminIntegration) =>
      integration.active
        ? integrationsApi.deactivate(integration.id).then((answer) => answer.message)
        : integrationsApi
            .activate({ key_name: integration.key_name })
            .then(() => t('integrations.activated', { name: integration.name })),
    onSuccess: (message) => notifications.show({ color: 'success', message }),
    onError: (error) => notifications.show({ color: 'danger', message: (error as Error).message }),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

function IntegrationCard({ integration }: { integration: AdminIntegration }) {
  const { t, i18n } = useTranslation();
  const toggle = useToggle();
  const { name, active } = integration;
  const activateText =
    integration.key_name === CARD_PAYMENT_INTEGRATION_KEY
      ? 'integrations.activate_payment_text'
      : 'integrations.activate_text';
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={`integration-${integration.key_name}`} data-active={active}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{name}</Text>
          <Badge
            variant={active ? 'filled' : 'light'}
            color={active ? 'success' : 'gray'}
            data-testid="integration-status"
          >
            {t(active ? 'integrations.active' : 'integrations.inactive')}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed" style={{ flexGrow: 1 }}>
          {integration.description}
        </Text>
        <Stack gap={2}>
          <Text fz="xs" data-testid="integration-activated-at">
            {integration.activated_at
              ? t('integrations.activated_on', {
                  date: formatDateTime(integration.activated_at, i18n.language),
                })
              : t('integrations.never_activated')}
          </Text>
          {integration.activated_by && (
            <Text fz="xs" c="dimmed">
              {t('integrations.activated_by', { name: integration.activated_by.name })}
            </Text>
          )}
        </Stack>
        <Group justify="flex-end">
          <ConfirmButton
            title={t(active ? 'integrations.deactivate_title' : 'integrations.activate_title', { name })}
            message={t(active ? 'integrations.deactivate_text' : activateText, { name })}
            confirmLabel={t(active ? 'integrations.deactivate' : 'integrations.activate')}
            destructive={active}
            onConfirm={() => toggle.mutate(integration)}
            loading={toggle.isPending}
            variant={active ? 'light' : 'filled'}
            data-testid={active ? 'integration-deactivate' : 'integration-activate'}
            aria-label={`${t(active ? 'integrations.deactivate' : 'integrations.activate')}: ${name}`}
          >
            {t(active ? 'integrations.deactivate' : 'integrations.activate')}
          </ConfirmButton>
        </Group>
      </Stack>
    </Card>
  );
}

/** /admin/integrations (read_integration): the catalogue grouped by kind, each switched on or off for this company. */
export default function IntegrationsPage() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<Shown>('all');
  const list = useQuery({ queryKey: integrationKeys.admin, queryFn: integrationsApi.adminList });
  const visible = (list.data ?? []).filter((integration) => matches(integration, shown));
  const groups = INTEGRATION_CATEGORIES.map((category: IntegrationCategory) => ({
    category,
    items: visible.filter((integration) => integration.category === category),
  })).filter((group) => group.items.length > 0);

  const filter = (
    <SegmentedControl
      value={shown}
      onChange={(value) => setShown(value as Shown)}
      aria-label={t('integrations.filter_label')}
      data={[
        { value: 'all', label: t('integrations.filter_all') },
        { value: 'active', label: t('integrations.filter_active') },
        { value: 'inactive', label: t('integrations.filter_inactive') },
      ]}
      data-testid="integrations-filter"
    />
  );

  return (
    <Stack>
      <PageHeader description={t('integrations.description')} actions={filter} />
      {list.isPending && (
        <Center p="xl">
          <Loader aria-label={t('resource.loading')} />
        </Center>
      )}
      {list.isError && (
        <Alert color="danger" title={t('integrations.load_failed')} data-testid="integrations-error">
          <Button variant="subtle" onClick={() => void list.refetch()} loading={list.isFetching}>
            {t('integrations.retry')}
          </Button>
        </Alert>
      )}
      {list.isSuccess && groups.length === 0 && (
        <EmptyState title={t('integrations.empty')} testId="integrations-empty" />
      )}
      {groups.map((group) => (
        <Stack key={group.category} gap="xs" data-testid={`integrations-${group.category}`}>
          <Title order={2} fz="h4">
            {t(`integrations.categories.${group.category}`)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {group.items.map((integration) => (
              <IntegrationCard key={integration.id} integration={integration} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
