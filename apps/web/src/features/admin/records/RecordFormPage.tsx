import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Resource, type ResourceItem, useResourceStore } from '../../../lib/resource.js';

interface RecordFormPageProps<Item extends ResourceItem, Create, Update> {
  resource: Resource<Item, Create, Update>;
  /** The record's id from the address; null on an add page. */
  id: string | null;
  description: string;
  testId: string;
  /** The form, for a new record (null) or for the loaded one. */
  children: (item: Item | null) => ReactNode;
}

/** An add or edit page: the edit form appears once its record has loaded, with loading and error states. */
export function RecordFormPage<Item extends ResourceItem, Create, Update>({
  resource,
  id,
  description,
  testId,
  children,
}: RecordFormPageProps<Item, Create, Update>) {
  const { t } = useTranslation();
  const store = useResourceStore(resource, { id });
  const { itemQuery } = store;
  return (
    <Stack maw={720}>
      <PageHeader description={description} />
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
