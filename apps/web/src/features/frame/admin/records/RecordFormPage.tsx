import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/PageHeader.js';
import type { SaveMode } from '../../../../components/ResourceForm.js';
import { contractOf, type Resource, type ResourceItem, useResourceStore } from '../../../../lib/resource.js';

interface RecordFormPageProps<Item extends ResourceItem, Create, Update> {
  resource: Resource<Item, Create, Update>;
  /** The record's id from the address; null on an add page. */
  id: string | null;
  /** Default: `<namespace>.add_description` or `.edit_description` of the resource's contract. */
  description?: string;
  testId: string;
  /** The form, for a new record (null) or for the loaded one. */
  children: (item: Item | null) => ReactNode;
  /** The page's greatest width (a form with a side-by-side picker or preview needs more than the default 720 px). */
  maxWidth?: number;
}

/** An add or edit page: the edit form appears once its record has loaded, with loading and error states. */
export function RecordFormPage<Item extends ResourceItem, Create, Update>({
  resource,
  id,
  description,
  testId,
  children,
  maxWidth = 720,
}: RecordFormPageProps<Item, Create, Update>) {
  const { t } = useTranslation();
  const store = useResourceStore(resource, { id });
  const { itemQuery } = store;
  const namespace = contractOf(resource)?.namespace;
  const text = description ?? (namespace ? t(`${namespace}.${id ? 'edit' : 'add'}_description`) : undefined);
  return (
    <Stack maw={maxWidth}>
      <PageHeader description={text} />
      {!id && children(null)}
      {id && itemQuery.isLoading && (
        <Center p="xl">
          <Loader aria-label={t('resource.loading')} />
        </Center>
      )}
      {id && itemQuery.isError && (
        <Alert color="danger" title={t('resource.load_failed')} data-testid={`${testId}-load-error`}>
          <Button variant="subtle" onClick={() => void itemQuery.refetch()}>
            {t('resource.retry')}
          </Button>
        </Alert>
      )}
      {id && store.item && children(store.item)}
    </Stack>
  );
}

/**
 * Where a record form's saves go (named routes) and what they say (locale keys). For a resource with a contract
 * each defaults to its list and edit screens and `<namespace>.created` / `.updated`.
 */
export interface RecordSaveTargets {
  /** The list: "save and back" goes there. */
  list: string;
  /** The edit page: "save" of a new record goes on there, so the person keeps working on it. */
  edit: string;
  created: string;
  updated: string;
}

/**
 * A record form's `onSave`: creates a new record (then its edit page, or the list with "save and back") or updates
 * the loaded one (staying, or back to the list), each with its success message.
 */
export function useRecordSave<Item extends ResourceItem, Create, Update>(
  resource: Resource<Item, Create, Update>,
  item: Item | null,
  targets: Partial<RecordSaveTargets> = {},
) {
  const store = useResourceStore(resource);
  const contract = contractOf(resource);
  const list = targets.list ?? contract?.screens.list?.name;
  const edit = targets.edit ?? contract?.screens.edit?.name;
  const created = targets.created ?? `${contract?.namespace}.created`;
  const updated = targets.updated ?? `${contract?.namespace}.updated`;
  if (!list || !edit) throw new Error('useRecordSave needs list and edit routes, or a resource with a contract');
  return (data: Create & Update, mode: SaveMode) => {
    if (!item) return store.create(data, { redirect: { name: mode === 'back' ? list : edit, message: created } });
    return store.update(item.id, data, {
      message: updated,
      ...(mode === 'back' ? { redirect: { name: list, message: updated } } : {}),
    });
  };
}
