import { type SolutionPartner, solutionPartnerCreateSchema } from '@kampus/shared';
import { Button, Group, Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { UploadField } from '../../../components/UploadField.js';
import { ActiveStatusSelect, OrderInput } from '../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../frame/admin/records/RecordFormPage.js';
import { solutionPartnersResource } from './api.js';
import { PartnerLogo } from './PartnerLogo.js';

const LIST = pathTo('company.solution_partner.index');

const formValues = (item: SolutionPartner | null) => ({
  name: item?.name ?? '',
  logo: item?.logo ?? '',
  website: item?.website ?? '',
  contact_name: item?.contact_name ?? '',
  contact_email: item?.contact_email ?? '',
  phone: item?.phone ?? '',
  description: item?.description ?? '',
  order: item?.order ?? 0,
  status: item?.status ?? 1,
});

function SolutionPartnerForm({ partner }: { partner: SolutionPartner | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(solutionPartnersResource, partner, {
    list: 'company.solution_partner.index',
    edit: 'company.solution_partner.edit',
    created: 'solution_partners.created',
    updated: 'solution_partners.updated',
  });
  const initial = useMemo(() => formValues(partner), [partner]);
  return (
    <ResourceForm
      schema={solutionPartnerCreateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="partner-form"
      onSave={save}
    >
      {(form) => {
        const logo = String(form.values.logo ?? '');
        return (
          <Paper withBorder radius="lg" p="lg">
            <Stack>
              <TextInput
                label={t('solution_partners.fields.name')}
                required
                autoComplete="organization"
                {...form.field('name')}
                data-testid="partner-name"
              />
              <Group align="flex-start" wrap="nowrap">
                <PartnerLogo name={String(form.values.name ?? '')} logo={logo || null} size={64} />
                <Stack gap="xs" style={{ flexGrow: 1 }}>
                  <UploadField
                    kind="logo"
                    label={t('solution_partners.fields.logo')}
                    onUploaded={(file) => form.setField('logo', file.url)}
                    error={form.errors.logo}
                    testId="partner-logo"
                  />
                  {logo !== '' && (
                    <Group>
                      <Button variant="subtle" color="danger" size="xs" onClick={() => form.setField('logo', '')}>
                        {t('solution_partners.remove_logo')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('solution_partners.fields.website')}
                  placeholder={t('solution_partners.website_placeholder')}
                  type="url"
                  autoComplete="url"
                  {...form.field('website')}
                />
                <TextInput
                  label={t('solution_partners.fields.contact_name')}
                  autoComplete="name"
                  {...form.field('contact_name')}
                />
                <TextInput
                  label={t('solution_partners.fields.contact_email')}
                  type="email"
                  autoComplete="email"
                  {...form.field('contact_email')}
                />
                <TextInput
                  label={t('solution_partners.fields.phone')}
                  type="tel"
                  autoComplete="tel"
                  {...form.field('phone')}
                />
              </SimpleGrid>
              <Textarea
                label={t('solution_partners.fields.description')}
                autosize
                minRows={3}
                maxRows={8}
                {...form.field('description')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <OrderInput
                  namespace="solution_partners"
                  value={form.values.order}
                  onChange={(order) => form.setField('order', order)}
                  error={form.errors.order}
                />
                <ActiveStatusSelect
                  namespace="solution_partners"
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

/** /admin/solution-partners/add and /admin/solution-partners/:id/edit (read_integration). */
export default function SolutionPartnerFormPage() {
  const { t } = useTranslation();
  const { id = null } = useParams();
  return (
    <RecordFormPage
      resource={solutionPartnersResource}
      id={id}
      description={t(id ? 'solution_partners.edit_description' : 'solution_partners.add_description')}
      testId="partner-form"
    >
      {(partner) => <SolutionPartnerForm key={partner?.id ?? 'new'} partner={partner} />}
    </RecordFormPage>
  );
}
