import { type EducationCategory, educationCategoryCreateSchema } from '@kampus/shared';
import { Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { draftOf, LocalizedNameField } from '../../../../components/LanguageTabs.js';
import { ResourceForm } from '../../../../components/ResourceForm.js';
import { ActiveStatusSelect, OrderInput } from '../../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../../frame/admin/records/RecordFormPage.js';
import { useDefaultLanguage, useLocalizedText } from '../../../organisation/faq/admin/api.js';
import { educationCategoriesResource, useAllCategories } from './api.js';
import { categoryTree, subtreeIds } from './category-tree.js';
import { IconPicker } from './IconPicker.js';

const NS = 'educationCategories';
const LIST = pathTo('company.education.categories');
const NO_PARENT = 'none';

/**
 * The parent select: every category in tree order, indented by depth; the category itself and those under it are
 * left out (a category cannot sit under itself; the server refuses such a cycle too).
 */
function ParentSelect({
  category,
  value,
  onChange,
  error,
}: {
  category: EducationCategory | null;
  value: number | null;
  onChange: (parent: number | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const localized = useLocalizedText();
  const all = useAllCategories();
  const options = useMemo(() => {
    const categories = all.data ?? [];
    const excluded = category ? subtreeIds(categories, category.id) : new Set<number>();
    const rows = categoryTree(categories).filter((row) => !excluded.has(row.category.id));
    return [
      { value: NO_PARENT, label: t('educationCategories.no_parent') },
      ...rows.map((row) => ({
        value: String(row.category.id),
        // Non-breaking spaces keep the indent: the select's option trims ordinary ones.
        label: `${'\u00a0\u00a0\u00a0'.repeat(row.depth)}${row.depth > 0 ? '↳ ' : ''}${localized(row.category.names)}`,
      })),
    ];
  }, [all.data, category, localized, t]);
  return (
    <Select
      label={t('educationCategories.fields.parent')}
      description={t('educationCategories.parent_hint')}
      data={options}
      value={value === null ? NO_PARENT : String(value)}
      onChange={(next) => onChange(!next || next === NO_PARENT ? null : Number(next))}
      allowDeselect={false}
      searchable
      error={error ?? (all.isError ? t('resource.load_failed') : undefined)}
      data-testid="category-parent"
    />
  );
}

function CategoryForm({ category }: { category: EducationCategory | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(educationCategoriesResource, category);
  const defaultLanguage = useDefaultLanguage();
  const initial = useMemo(
    () => ({
      names: draftOf(category?.names),
      parent_id: category?.parent_id ?? null,
      icon: category?.icon ?? 'school',
      order: category?.order ?? 0,
      status: category?.status ?? 1,
    }),
    [category],
  );
  return (
    <ResourceForm
      schema={educationCategoryCreateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="education-category-form"
      onSave={save}
    >
      {(form) => {
        return (
          <Paper withBorder radius="lg" p="lg">
            <Stack>
              <LocalizedNameField
                label={t('educationCategories.fields.name')}
                value={form.values.names}
                onChange={(value) => form.setField('names', value)}
                error={form.errors.names}
                languageError={(lang) => form.errors[`names.${lang}`]}
                defaultLanguage={defaultLanguage}
                testId="category"
              />
              <ParentSelect
                category={category}
                value={form.values.parent_id ?? null}
                onChange={(parent) => form.setField('parent_id', parent)}
                error={form.errors.parent_id}
              />
              <IconPicker
                value={form.values.icon ?? 'school'}
                onChange={(icon) => form.setField('icon', icon)}
                error={form.errors.icon}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <OrderInput
                  namespace={NS}
                  value={form.values.order ?? 0}
                  onChange={(order) => form.setField('order', order)}
                  error={form.errors.order}
                  testId="category-order"
                />
                <ActiveStatusSelect
                  namespace={NS}
                  value={form.values.status ?? 1}
                  onChange={(status) => form.setField('status', status)}
                  error={form.errors.status}
                  testId="category-status"
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      }}
    </ResourceForm>
  );
}

/** `/admin/education/categories/add` and `/edit/{id}` (create_training). */
export default function EducationCategoryFormPage() {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={educationCategoriesResource} id={id} testId="education-category-form">
      {(category) => <CategoryForm key={category?.id ?? 'new'} category={category} />}
    </RecordFormPage>
  );
}
