import { type AdminMenuItem, MODULE_KEYS, type ModuleKey } from '@kampus/shared';
import { Alert, Button, Center, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { PageHeader } from '../../../../components/PageHeader.js';
import { DeleteRowAction, EditRowAction } from '../../../../components/RowActions.js';
import { useResourceStore } from '../../../../lib/resource.js';
import {
  ALL_ITEMS_QUERY,
  menuItemsResource,
  saveMenuOrder,
  saveModuleSwitches,
  useMenuChanged,
  useMenuItems,
  useModuleSwitches,
} from './api.js';
import { useMenuItemName } from './names.js';
import { SortableMenuList } from './SortableMenuList.js';

const failed = (error: unknown) =>
  notifications.show({ color: 'danger', message: error instanceof Error ? error.message : String(error) });

function LoadError({ onRetry, testId }: { onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="danger" title={t('resource.load_failed')} data-testid={testId}>
      <Button variant="subtle" onClick={onRetry}>
        {t('resource.retry')}
      </Button>
    </Alert>
  );
}

/** The items: reorder (saved at once, undone on failure), show or hide, edit, delete. */
function MenuItemsSection({ enabledModules }: { enabledModules: readonly string[] | undefined }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const items = useMenuItems();
  const store = useResourceStore(menuItemsResource);
  const changed = useMenuChanged();
  const nameOf = useMenuItemName();
  const [pending, setPending] = useState<AdminMenuItem[] | null>(null);
  const [status, setStatus] = useState('');
  const shown = pending ?? items.data ?? [];
  const listKey = menuItemsResource.keys.list(ALL_ITEMS_QUERY);

  const reorder = async (next: AdminMenuItem[]) => {
    setPending(next);
    setStatus('');
    try {
      const saved = await saveMenuOrder(next.map((item) => item.id));
      client.setQueryData(listKey, (page: { data: AdminMenuItem[] } | undefined) => page && { ...page, data: saved });
      setStatus(t('menu.order_saved'));
      await changed();
    } catch (error) {
      notifications.show({ color: 'danger', title: t('menu.order_failed'), message: (error as Error).message });
    } finally {
      setPending(null);
    }
  };

  const toggle = async (item: AdminMenuItem, on: boolean) => {
    try {
      await menuItemsResource.update(item.id, { status: on ? 1 : 0 });
      notifications.show({
        color: 'success',
        message: t(on ? 'menu.status_saved_on' : 'menu.status_saved_off', { name: nameOf(item) }),
      });
      await changed();
    } catch (error) {
      failed(error);
    }
  };

  const actions = (item: AdminMenuItem) => (
    <>
      <EditRowAction
        to={pathTo('company.menu-modules.edit', { id: item.id })}
        name={nameOf(item)}
        testId="menu-item-edit"
      />
      <DeleteRowAction
        title={t('menu.delete_title')}
        message={t('menu.delete_text', { name: nameOf(item) })}
        name={nameOf(item)}
        onConfirm={() =>
          store
            .remove(item.id)
            .then(() => changed())
            .catch(() => undefined)
        }
        testId="menu-item-delete"
      />
    </>
  );

  const addButton = (
    <Button
      component={Link}
      to={pathTo('company.menu-modules.add')}
      leftSection={<IconPlus size={16} aria-hidden />}
      data-testid="menu-item-add"
    >
      {t('menu.add')}
    </Button>
  );

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="menu-items-title">
      <Stack>
        <Title order={2} fz="h4" id="menu-items-title">
          {t('menu.items_title')}
        </Title>
        <PageHeader description={t('menu.items_hint')} actions={addButton} />
        {items.isPending && (
          <Center p="xl">
            <Loader aria-label={t('resource.loading')} />
          </Center>
        )}
        {items.isError && <LoadError onRetry={() => void items.refetch()} testId="menu-items-error" />}
        {items.isSuccess && shown.length === 0 && (
          <EmptyState title={t('menu.no_items')} action={addButton} testId="menu-items-empty" />
        )}
        {shown.length > 0 && (
          <SortableMenuList
            items={shown}
            onReorder={(next) => void reorder(next)}
            onToggle={(item, on) => void toggle(item, on)}
            actions={actions}
            enabledModules={enabledModules}
            busy={pending !== null}
          />
        )}
        <Text fz="sm" c="dimmed" aria-live="polite" data-testid="menu-order-status">
          {status}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The module switches (company setting `modules`): each saved as it is flipped. */
function ModulesSection({ modules }: { modules: ReturnType<typeof useModuleSwitches> }) {
  const { t } = useTranslation();
  const changed = useMenuChanged();
  const [saving, setSaving] = useState<ModuleKey | null>(null);
  const flip = async (key: ModuleKey, on: boolean) => {
    const current = modules.data ?? [];
    const next = on ? [...current, key] : current.filter((other) => other !== key);
    setSaving(key);
    try {
      const saved = await saveModuleSwitches(next);
      notifications.show({ color: 'success', message: t('menu.modules_saved') });
      await changed({ modules: saved });
    } catch (error) {
      failed(error);
    } finally {
      setSaving(null);
    }
  };
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="modules-title">
      <Stack>
        <Title order={2} fz="h4" id="modules-title">
          {t('menu.modules_title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('menu.modules_description')}
        </Text>
        {modules.isPending && <Loader aria-label={t('resource.loading')} />}
        {modules.isError && <LoadError onRetry={() => void modules.refetch()} testId="modules-error" />}
        {modules.isSuccess &&
          MODULE_KEYS.map((key) => (
            <Switch
              key={key}
              label={t(`menu.${key}`)}
              description={t(`menu.modules.${key}`)}
              checked={modules.data.includes(key)}
              disabled={saving !== null}
              onChange={(event) => void flip(key, event.currentTarget.checked)}
              data-testid={`module-${key}`}
            />
          ))}
      </Stack>
    </Paper>
  );
}

/** /admin/menu-modules (read_widgetmanagement): the learner side menu and the module switches. */
export default function MenuModulesPage() {
  const { t } = useTranslation();
  const modules = useModuleSwitches();
  return (
    <Stack maw={900} data-testid="menu-modules-page">
      <PageHeader description={t('menu.description')} />
      <MenuItemsSection enabledModules={modules.data} />
      <ModulesSection modules={modules} />
    </Stack>
  );
}
