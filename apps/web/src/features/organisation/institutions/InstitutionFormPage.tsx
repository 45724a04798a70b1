import { type Institution, institutionCreateSchema } from '@kampus/shared';
import { Paper, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { ActiveStatusSelect } from '../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../frame/admin/records/RecordFormPage.js';
import { institutionsResource } from './api.js';

const LIST = pathTo('company.institution.index');

const formValues = (item: Institution | null) => ({
  name: item?.name ?? '',
  code: item?.code ?? '',
  city: item?.city ?? '',
  contact_email: item?.contact_email ?? '',
  status: item?.status ?? 1,
});

function InstitutionForm({ institution }: { institution: Institution | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(institutionsResource, institution);
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
              label={t('institutions.fields.name')}
              name="name"
              required
              autoComplete="off"
              {...form.field('name')}
            />
            <TextInput
              label={t('institutions.fields.code')}
              description={t('institutions.code_hint')}
              name="code"
              autoComplete="off"
              {...form.field('code')}
            />
            <TextInput label={t('institutions.fields.city')} name="city" {...form.field('city')} />
            <TextInput
              label={t('institutions.fields.contact_email')}
              name="contact_email"
              type="email"
              autoComplete="off"
              {...form.field('contact_email')}
            />
            <ActiveStatusSelect
              namespace="institutions"
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

/** The institution add and edit screens. */
export default function InstitutionFormPage() {
  const { id = null } = useParams();
  return (
    <RecordFormPage resource={institutionsResource} id={id} testId="institution-form">
      {(institution) => <InstitutionForm key={institution?.id ?? 'new'} institution={institution} />}
    </RecordFormPage>
  );
}
