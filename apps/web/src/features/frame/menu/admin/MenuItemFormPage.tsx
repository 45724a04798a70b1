import {
  type AdminMenuItem,
  adminMenuItemCreateSchema,
  LOCALES,
  type Locale,
  MENU_TYPES,
  menuTypeLabelKey,
} from '@kampus/shared';
import { Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { ResourceForm } from '../../../../components/ResourceForm.js';
import { useResourceStore } from '../../../../lib/resource.js';
import { ActiveStatusSelect } from '../../admin/records/RecordFields.js';
import { RecordFormPage } from '../../admin/records/RecordFormPage.js';
import { menuItemsResource, useMenuChanged, useMenuItems } from './api.js';

const LIST = pathTo('company.menu-modules');
const NO_TITLES: Record<Locale, string | null> = { tr: null, en: null, az: null, de: null };

function MenuItemForm({ item }: { item: AdminMenuItem | null }) {
  const { t, i18n } = useTranslation();
  const store = useResourceStore(menuItemsResource);
  const changed = useMenuChanged();
  const existing = useMenuItems();
  const initial = useMemo(
    () => ({ type: item?.type ?? '', title: item?.title ?? NO_TITLES, status: item?.status ?? 1 }),
    [item],
  );
  // One item per type: the types already in the menu are offered only to the item that has one.
  const taken = new Set((existing.data ?? []).filter((other) => other.id !== item?.id).map((other) => other.type));
  const typeOptions = MENU_TYPES.map((type) => ({
    value: type,
    label: t(menuTypeLabelKey(type)),
    disabled: taken.has(type),
  }));
  return (
    <ResourceForm
      schema={adminMenuItemCreateSchema}
      initial={initial as never}
      cancelTo={LIST}
      testId="menu-item-form"
      onSave={async (data, mode) => {
        const back = { name: 'company.menu-modules', message: item ? 'menu.updated' : 'menu.created' };
        const saved = item
          ? await store.update(item.id, data, {
              message: 'menu.updated',
              ...(mode === 'back' ? { redirect: back } : {}),
            })
          : await store.create(data, {
              redirect: mode === 'back' ? back : { name: 'company.menu-modules.edit', message: 'menu.created' },
            });
        await changed();
        return saved;
      }}
    >
      {(form) => {
        const titles = (form.values.title ?? NO_TITLES) as Record<Locale, string | null>;
        const type = String(form.values.type ?? '');
        return (
          <Stack>
            <Paper withBorder radius="lg" p="lg">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label={t('menu.fields.type')}
                  data={typeOptions}
                  value={type || null}
                  onChange={(value) => value !== null && form.setField('type', value as never)}
                  searchable
                  required
                  allowDeselect={false}
                  error={form.errors.type}
                  data-testid="menu-item-type"
                />
                <ActiveStatusSelect
                  namespace="menu"
                  value={form.values.status}
                  onChange={(status) => form.setField('status', status)}
                  error={form.errors.status}
                  testId="menu-item-status-select"
                />
              </SimpleGrid>
            </Paper>
            <Paper withBorder radius="lg" p="lg">
              <Stack>
                <Title order={2} fz="h4">
                  {t('menu.fields.title')}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {LOCALES.map((locale) => (
                    <TextInput
                      key={locale}
                      label={t('menu.fields.title_in', { language: t(`languages.${locale}`) })}
                      lang={locale}
                      name={`title.${locale}`}
                      autoComplete="off"
                      value={titles[locale] ?? ''}
                      placeholder={
                        type
                          ? t('menu.fields.title_placeholder', {
                              label: i18n.getFixedT(locale)(menuTypeLabelKey(type)),
                            })
                          : undefined
                      }
                      onChange={(event) =>
                        form.setField('title', { ...titles, [locale]: event.currentTarget.value } as never)
                      }
                      error={form.errors[`title.${locale}`]}
                      data-testid={`menu-item-title-${locale}`}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Paper>
          </Stack>
        );
      }}
    </ResourceForm>
  );
}

/** /admin/menu-modules/add and /admin/menu-modules/:id/edit (read_widgetmanagement). */
export default function MenuItemFormPage() {
  const { t } = useTranslation();
  const { id = null } = useParams();
  return (
    <RecordFormPage
      resource={menuItemsResource}
      id={id}
      description={t(id ? 'menu.edit_description' : 'menu.add_description')}
      testId="menu-item-form"
    >
      {(item) => <MenuItemForm key={item?.id ?? 'new'} item={item} />}
    </RecordFormPage>
  );
}
