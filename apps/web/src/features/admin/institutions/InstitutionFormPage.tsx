import { type Institution, institutionCreateSchema } from '@kampus/shared';
import { Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { useResourceStore } from '../../../lib/resource.js';
import { useActiveStatusOptions } from '../records/ActiveStatusBadge.js';
import { RecordFormPage } from '../records/RecordFormPage.js';
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
  const store = useResourceStore(institutionsResource);
  const statusOptions = useActiveStatusOptions('institutions_admin');
  const initial = useMemo(() => formValues(institution), [institution]);
  return (
    <ResourceForm
      schema={institutionCreateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="institution-form"
      onSave={(data, mode) => {
        const back = { name: 'company.institution.index' };
        if (!institution) {
          const redirect = mode === 'back' ? back : { name: 'company.institution.edit' };
          return store.create(data, { redirect: { ...redirect, message: 'institutions_admin.created' } });
        }
        return store.update(institution.id, data, {
          message: 'institutions_admin.updated',
          ...(mode === 'back' ? { redirect: { ...back, message: 'institutions_admin.updated' } } : {}),
        });
      }}
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
            <Select
              label={t('institutions_admin.fields.status')}
              data={statusOptions}
              value={String(form.values.status ?? 1)}
              onChange={(value) => value !== null && form.setField('status', Number(value) as 0 | 1)}
              allowDeselect={false}
              error={form.errors.status}
              data-testid="institution-status-select"
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
