import { type Faq, faqCreateSchema } from '@kampus/shared';
import { Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../../app/route-names.js';
import { draftOf, LanguageTabs } from '../../../../components/LanguageTabs.js';
import { ResourceForm } from '../../../../components/ResourceForm.js';
import { ActiveStatusSelect, OrderInput } from '../../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../../frame/admin/records/RecordFormPage.js';
import { faqResource, useDefaultLanguage, useFaqCategories, useLocalizedText } from './api.js';
import { HtmlAnswerField } from './HtmlAnswerField.js';

const LIST = pathTo('company.faq.index');

function FaqForm({ faq }: { faq: Faq | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(faqResource, faq, {
    list: 'company.faq.index',
    edit: 'company.faq.edit',
    created: 'faq.created',
    updated: 'faq.updated',
  });
  const defaultLanguage = useDefaultLanguage();
  const localized = useLocalizedText();
  const categories = useFaqCategories();
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: String(c.id), label: localized(c.name) }));
  const initial = useMemo(
    () => ({
      category_id: faq?.category_id ?? null,
      question: draftOf(faq?.question),
      answer: draftOf(faq?.answer),
      order: faq?.order ?? 0,
      status: faq?.status ?? 1,
    }),
    [faq],
  );
  return (
    <ResourceForm schema={faqCreateSchema} initial={initial} cancelTo={LIST} testId="faq-form" onSave={save}>
      {(form) => {
        const question = draftOf(form.values.question);
        const answer = draftOf(form.values.answer);
        const textErrors = [form.errors.question, form.errors.answer].filter(Boolean);
        return (
          <Paper withBorder radius="lg" p="lg">
            <Stack>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Select
                  label={t('faq.fields.category')}
                  placeholder={t('faq.no_category')}
                  data={categoryOptions}
                  value={form.values.category_id == null ? null : String(form.values.category_id)}
                  onChange={(value) => form.setField('category_id', value === null ? null : Number(value))}
                  clearable
                  searchable
                  error={form.errors.category_id}
                  data-testid="faq-category-select"
                />
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
                  testId="faq-status-select"
                />
              </SimpleGrid>
              <LanguageTabs
                testId="faq-languages"
                defaultLanguage={defaultLanguage}
                isFilled={(lang) => question[lang].trim() !== '' || answer[lang].trim() !== ''}
                hasError={(lang) => Boolean(form.errors[`question.${lang}`] || form.errors[`answer.${lang}`])}
              >
                {(lang) => (
                  <Stack>
                    <TextInput
                      label={`${t('faq.fields.question')} (${t(`languages.${lang}`)})`}
                      required={lang === defaultLanguage}
                      value={question[lang]}
                      onChange={(event) =>
                        form.setField('question', { ...question, [lang]: event.currentTarget.value })
                      }
                      error={form.errors[`question.${lang}`]}
                      autoComplete="off"
                      data-testid={`faq-question-${lang}`}
                    />
                    <HtmlAnswerField
                      label={`${t('faq.fields.answer')} (${t(`languages.${lang}`)})`}
                      required={lang === defaultLanguage}
                      value={answer[lang]}
                      onChange={(value) => form.setField('answer', { ...answer, [lang]: value })}
                      error={form.errors[`answer.${lang}`]}
                      testId={`faq-answer-${lang}`}
                    />
                  </Stack>
                )}
              </LanguageTabs>
              {textErrors.map((message) => (
                <Text key={message} c="danger" fz="sm" role="alert">
                  {message}
                </Text>
              ))}
            </Stack>
          </Paper>
        );
      }}
    </ResourceForm>
  );
}

/** /admin/faq/add and /admin/faq/:id/edit (create_faq). */
export default function FaqFormPage() {
  const { t } = useTranslation();
  const { id = null } = useParams();
  return (
    <RecordFormPage
      resource={faqResource}
      id={id}
      description={t(id ? 'faq.edit_description' : 'faq.add_description')}
      testId="faq-form"
    >
      {(faq) => <FaqForm key={faq?.id ?? 'new'} faq={faq} />}
    </RecordFormPage>
  );
}
