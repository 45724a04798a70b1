import { type Institution, institutionCreateSchema } from '@kampus/shared';
import { Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { ActiveStatusSelect } from '../records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../records/RecordFormPage.js';
import { institutionsResource } from './api.js';

const LIST = '/admin/institutions';

const formValues = (item: Institution | null) => ({
  name: item?.name ?? '',
  code: item?.code ?? '',
  city: item?.city ?? '',
  contact_email: item?.contact_email ?? '',
  status: item?.status ?? 1,
});

function InstitutionForm({ institution }: { institution: Institution | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(institutionsResource, institution, {
    list: 'company.institution.index',
    edit: 'company.institution.edit',
    created: 'institutions_admin.created',
    updated: 'institutions_admin.updated',
  });
  const initial = useMemo(() => formValues(institution), [institution]);
  return (
    <ResourceForm
      schema={institutionCreateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="institution-form"
      onSave={save}
    >
      {(form) => (
        <Paper withBorder radius="lg" p="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('institutions_admin.fields.name')}
              name="name"
              required
              autoComplete="off"
              {...form.field('name')}
            />
            <TextInput
              label={t('institutions_admin.fields.code')}
              description={t('institutions_admin.code_hint')}
              name="code"
              autoComplete="off"
              {...form.field('code')}
            />
            <TextInput label={t('institutions_admin.fields.city')} name="city" {...form.field('city')} />
            <TextInput
              label={t('institutions_admin.fields.contact_email')}
              name="contact_email"
              type="email"
              autoComplete="off"
              {...form.field('contact_email')}
            />
            <ActiveStatusSelect
              namespace="institutions_admin"
              value={form.values.status}
              onChange={(status) => form.setField('status', status)}
              error={form.errors.status}
              testId="institution-status-select"
            />
          </SimpleGrid>
        </Paper>
      )}
    </ResourceForm>
  );
}

/** /admin/institutions/add and /admin/institutions/edit/:id. */
export default function InstitutionFormPage() {
  const { t } = useTranslation();
  const { id = null } = useParams();
  return (
    <RecordFormPage
      resource={institutionsResource}
      id={id}
      description={t(id ? 'institutions_admin.edit_description' : 'institutions_admin.add_description')}
      testId="institution-form"
    >
      {(institution) => <InstitutionForm key={institution?.id ?? 'new'} institution={institution} />}
    </RecordFormPage>
  );
}
