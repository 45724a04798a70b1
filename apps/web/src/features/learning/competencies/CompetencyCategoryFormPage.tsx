import { type CompetencyCategory, competencyCategoryCreateSchema } from '@kampus/shared';
import { Paper, SimpleGrid, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { draftOf, LocalizedNameField } from '../../../components/LanguageTabs.js';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { ActiveStatusSelect, OrderInput } from '../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../frame/admin/records/RecordFormPage.js';
import { useDefaultLanguage } from '../../organisation/faq/admin/api.js';
import { competencyCategoriesResource } from './api.js';

const NS = 'competencyCategories';
const LIST = pathTo('company.competency-categories');

function CategoryForm({ category }: { category: CompetencyCategory | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(competencyCategoriesResource, category);
  const defaultLanguage = useDefaultLanguage();
  const initial = useMemo(
    () => ({ names: draftOf(category?.names), order: category?.order ?? 0, status: category?.status ?? 1 }),
    [category],
  );
  return (
    <ResourceForm
      schema={competencyCategoryCreateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="competency-category-form"
      onSave={save}
    >
      {(form) => {
        return (
          <Paper withBorder radius="lg" p="lg">
            <Stack>
              <LocalizedNameField
                label={t(`${NS}.fields.name`)}
                value={form.values.names}
                onChange={(value) => form.setField('names', value)}
                error={form.errors.names}
                languageError={(lang) => form.errors[`names.${lang}`]}
                defaultLanguage={defaultLanguage}
                testId="competency-category"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <OrderInput
                  namespace={NS}
                  value={form.values.order}
                  onChange={(order) => form.setField('order', order)}
                  error={form.errors.order}
                />
                <ActiveStatusSelect
                  namespace={NS}
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

/** `/admin/competencies-and-user-definitions/categories/add` and `/:id/edit` (read_competency). */
export default function CompetencyCategoryFormPage() {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={competencyCategoriesResource} id={id} testId="competency-category-form">
      {(category) => <CategoryForm key={category?.id ?? 'new'} category={category} />}
    </RecordFormPage>
  );
}
