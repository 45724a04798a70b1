import { type FaqCategory, faqCategoryCreateSchema } from '@kampus/shared';
import { Paper, SimpleGrid, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { draftOf, LocalizedNameField } from '../../../../components/LanguageTabs.js';
import { ResourceForm } from '../../../../components/ResourceForm.js';
import { ActiveStatusSelect, OrderInput } from '../../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../../frame/admin/records/RecordFormPage.js';
import { faqCategoriesResource, useDefaultLanguage } from './api.js';

const LIST = pathTo('company.faq_category.index');

function FaqCategoryForm({ category }: { category: FaqCategory | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(faqCategoriesResource, category, {
    list: 'company.faq_category.index',
    edit: 'company.faq_category.edit',
    created: 'faq.category_created',
    updated: 'faq.category_updated',
  });
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
      onSave={save}
    >
      {(form) => {
        return (
          <Paper withBorder radius="lg" p="lg">
            <Stack>
              <LocalizedNameField
                label={t('faq.fields.name')}
                value={form.values.name}
                onChange={(value) => form.setField('name', value)}
                error={form.errors.name}
                languageError={(lang) => form.errors[`name.${lang}`]}
                defaultLanguage={defaultLanguage}
                testId="faq-category"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <OrderInput
                  namespace="faq"
                  value={form.values.order}
                  onChange={(order) => form.setField('order', order)}
                  error={form.errors.order}
                />
                <ActiveStatusSelect
                  namespace="faq"
                  value={form.values.status}
                  onChange={(status) => form.setField('status', status)}
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
      description={t(id ? 'faq.category_edit_description' : 'faq.category_add_description')}
      testId="faq-category-form"
    >
      {(category) => <FaqCategoryForm key={category?.id ?? 'new'} category={category} />}
    </RecordFormPage>
  );
}
