import { type FaqCategory, faqCategoryCreateSchema } from '@kampus/shared';
import { NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { useResourceStore } from '../../../lib/resource.js';
import { useActiveStatusOptions } from '../records/ActiveStatusBadge.js';
import { RecordFormPage } from '../records/RecordFormPage.js';
import { faqCategoriesResource, useDefaultLanguage } from './api.js';
import { draftOf, LanguageTabs } from './LanguageTabs.js';

const LIST = '/admin/faq-categories/list';

function FaqCategoryForm({ category }: { category: FaqCategory | null }) {
  const { t } = useTranslation();
  const store = useResourceStore(faqCategoriesResource);
  const statusOptions = useActiveStatusOptions('faq_admin');
  const defaultLanguage = useDefaultLanguage();
  const initial = useMemo(
    () => ({ name: draftOf(category?.name), order: category?.order ?? 0, status: category?.status ?? 1 }),
    [category],
  );
  return (
    <ResourceForm
      schema={faqCategoryCreateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="faq-category-form"
      onSave={(data, mode) => {
        const back = { name: 'company.faq_category.index' };
        if (!category) {
          const redirect = mode === 'back' ? back : { name: 'company.faq_category.edit' };
          return store.create(data, { redirect: { ...redirect, message: 'faq_admin.category_created' } });
        }
        return store.update(category.id, data, {
          message: 'faq_admin.category_updated',
          ...(mode === 'back' ? { redirect: { ...back, message: 'faq_admin.category_updated' } } : {}),
        });
      }}
    >
      {(form) => {
        const name = draftOf(form.values.name);
        return (
          <Paper withBorder radius="lg" p="lg">
            <Stack>
              <LanguageTabs
                testId="faq-category-languages"
                defaultLanguage={defaultLanguage}
                isFilled={(lang) => name[lang].trim() !== ''}
                hasError={(lang) => Boolean(form.errors[`name.${lang}`])}
              >
                {(lang) => (
                  <TextInput
                    label={`${t('faq_admin.fields.name')} (${t(`languages.${lang}`)})`}
                    required={lang === defaultLanguage}
                    value={name[lang]}
                    onChange={(event) => form.setField('name', { ...name, [lang]: event.currentTarget.value })}
                    error={form.errors[`name.${lang}`]}
                    autoComplete="off"
                    data-testid={`faq-category-name-${lang}`}
                  />
                )}
              </LanguageTabs>
              {form.errors.name && (
                <Text c="danger" fz="sm" role="alert">
                  {form.errors.name}
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label={t('faq_admin.fields.order')}
                  description={t('faq_admin.order_hint')}
                  min={0}
                  allowDecimal={false}
                  value={form.values.order as number}
                  onChange={(value) => form.setField('order', typeof value === 'number' ? value : 0)}
                  error={form.errors.order}
                />
                <Select
                  label={t('faq_admin.fields.status')}
                  data={statusOptions}
                  value={String(form.values.status ?? 1)}
                  onChange={(value) => value !== null && form.setField('status', Number(value) as 0 | 1)}
                  allowDeselect={false}
                  error={form.errors.status}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      }}
    </ResourceForm>
  );
}

/** /admin/faq-categories/add and /admin/faq-categories/:id/edit (create_faq). */
export default function FaqCategoryFormPage() {
  const { t } = useTranslation();
  const { id = null } = useParams();
  return (
    <RecordFormPage
      resource={faqCategoriesResource}
      id={id}
      description={t(id ? 'faq_admin.category_edit_description' : 'faq_admin.category_add_description')}
      testId="faq-category-form"
    >
      {(category) => <FaqCategoryForm key={category?.id ?? 'new'} category={category} />}
    </RecordFormPage>
  );
}
