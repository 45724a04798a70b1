import { type AdminCompany, adminCompanyCreateSchema, LOCALES, type ThemeSettings } from '@kampus/shared';
import { Fieldset, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedState } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCompany, useRefreshCompany } from '../../../app/company.js';
import { pathTo } from '../../../app/route-names.js';
import { ResourceForm } from '../../../components/ResourceForm.js';
import { ActiveStatusSelect } from '../../frame/admin/records/RecordFields.js';
import { RecordFormPage, useRecordSave } from '../../frame/admin/records/RecordFormPage.js';
import { LogoField } from '../settings/LogoField.js';
import { StorageUsageBar } from '../settings/StorageUsage.js';
import { SocialLinksFields, ThemeColorsFields, ThemePreview } from '../settings/ThemeEditor.js';
import { companiesResource, useCompanyOptions } from './api.js';

const LIST = pathTo('company.companies.index');

const formValues = (item: AdminCompany | null) => ({
  name: item?.name ?? '',
  slug: item?.slug ?? '',
  custom_domain: item?.custom_domain ?? '',
  parent_id: item?.parent?.id ?? null,
  is_group_alias: item?.is_group_alias ?? false,
  can_switch_company: item?.can_switch_company ?? false,
  surname_view_restrict: (item?.surname_view_restrict === 1 ? 1 : 0) as 0 | 1,
  status: item?.status ?? 1,
  default_language: item?.default_language ?? 'tr',
  logo_link: item?.logo_link ?? null,
  theme_settings: item?.theme_settings ?? {},
  upload_quota_mb: item?.upload_quota_mb ?? null,
});

type Option = { value: string; label: string };

/**
 * The parent picker searches the server as one types (a platform may have more companies than one page), keeps the
 * chosen parent's name when a later search no longer lists it, and never offers the company itself.
 */
function useParentPicker(company: AdminCompany | null) {
  const [search, setSearch] = useDebouncedState('', 300);
  const [chosen, setChosen] = useState<Option | null>(
    company?.parent ? { value: String(company.parent.id), label: company.parent.name } : null,
  );
  const found = useCompanyOptions(search.trim()).data ?? [];
  const options = [...(chosen ? [chosen] : []), ...found.filter((option) => option.value !== chosen?.value)].filter(
    (option) => option.value !== String(company?.id),
  );
  return {
    options,
    search: (text: string) => setSearch(text === chosen?.label ? '' : text),
    remember: (option: Option | null) => setChosen(option ? { value: option.value, label: option.label } : null),
  };
}

/** The platform's base domain as this page's own host shows it (`{slug}.{base}`), or null on a custom domain. */
function useBaseDomain(): string | null {
  const slug = useCompany()?.slug;
  const host = window.location.host;
  return slug && host.startsWith(`${slug}.`) ? host.slice(slug.length + 1) : null;
}

function CompanyForm({ company }: { company: AdminCompany | null }) {
  const { t } = useTranslation();
  const save = useRecordSave(companiesResource, company, {
    list: 'company.companies.index',
    edit: 'company.companies.edit',
    created: 'companies.created',
    updated: 'companies.updated',
  });
  const parentPicker = useParentPicker(company);
  const baseDomain = useBaseDomain();
  const initial = useMemo(() => formValues(company), [company]);
  const hostCompanyId = useCompany()?.id;
  const refreshCompany = useRefreshCompany();
  return (
    <ResourceForm
      schema={adminCompanyCreateSchema}
      initial={initial}
      cancelTo={LIST}
      testId="company-form"
      onSave={(data, mode) =>
        // Editing the company of this very host changes the frame around the form: fetch it again.
        save(data, mode).then(() => (company?.id === hostCompanyId ? refreshCompany() : undefined))
      }
    >
      {(form) => {
        const theme = (form.values.theme_settings ?? {}) as ThemeSettings;
        const setTheme = (next: ThemeSettings) => form.setField('theme_settings', next);
        const name = form.values.name || t('companies.new_company');
        return (
          <Stack>
            <Paper withBorder radius="lg" p="lg">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('companies.fields.name')}
                  name="name"
                  required
                  autoComplete="off"
                  {...form.field('name')}
                />
                <TextInput
                  label={t('companies.fields.slug')}
                  description={
                    baseDomain
                      ? t('companies.slug_hint', { host: `${form.values.slug || '…'}.${baseDomain}` })
                      : undefined
                  }
                  name="slug"
                  required
                  autoComplete="off"
                  {...form.field('slug')}
                />
                <TextInput
                  label={t('companies.fields.custom_domain')}
                  description={t('companies.custom_domain_hint')}
                  name="custom_domain"
                  placeholder="akademi.example.com"
                  autoComplete="off"
                  {...form.field('custom_domain')}
                />
                <Select
                  label={t('companies.fields.parent')}
                  description={t('companies.parent_hint')}
                  data={parentPicker.options}
                  value={form.values.parent_id ? String(form.values.parent_id) : null}
                  onChange={(value, option) => {
                    parentPicker.remember(option);
                    form.setField('parent_id', value ? Number(value) : null);
                  }}
                  onSearchChange={parentPicker.search}
                  filter={({ options }) => options}
                  error={form.errors.parent_id}
                  searchable
                  clearable
                  nothingFoundMessage={t('companies.no_parent_found')}
                  data-testid="company-parent-select"
                />
                <Select
                  label={t('companies.fields.default_language')}
                  data={LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
                  value={form.values.default_language ?? 'tr'}
                  onChange={(value) => value && form.setField('default_language', value as (typeof LOCALES)[number])}
                  allowDeselect={false}
                  error={form.errors.default_language}
                />
                <ActiveStatusSelect
                  namespace="companies"
                  description={t('companies.status_hint')}
                  value={form.values.status}
                  onChange={(status) => form.setField('status', status)}
                  error={form.errors.status}
                  testId="company-status-select"
                />
              </SimpleGrid>
              <Stack gap="sm" mt="lg">
                <Switch
                  label={t('companies.fields.is_group_alias')}
                  description={t('companies.is_group_alias_hint')}
                  checked={Boolean(form.values.is_group_alias)}
                  onChange={(event) => form.setField('is_group_alias', event.currentTarget.checked)}
                />
                <Switch
                  label={t('companies.fields.can_switch_company')}
                  description={t('companies.can_switch_company_hint')}
                  checked={Boolean(form.values.can_switch_company)}
                  onChange={(event) => form.setField('can_switch_company', event.currentTarget.checked)}
                />
                <Switch
                  label={t('settings.fields.surname_view_restrict')}
                  description={t('settings.fields.surname_view_restrict_hint')}
                  checked={form.values.surname_view_restrict === 1}
                  onChange={(event) => form.setField('surname_view_restrict', event.currentTarget.checked ? 1 : 0)}
                />
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="sm">
                <NumberInput
                  label={t('companies.fields.upload_quota_mb')}
                  description={t('companies.upload_quota_hint')}
                  name="upload_quota_mb"
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  value={form.values.upload_quota_mb ?? ''}
                  onChange={(value) => form.setField('upload_quota_mb', typeof value === 'number' ? value : null)}
                  error={form.errors.upload_quota_mb}
                  maw={320}
                  data-testid="company-upload-quota"
                />
                {company && (
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      {t('companies.fields.storage')}
                    </Text>
                    <StorageUsageBar usage={company.storage} testId="company-storage" />
                  </Stack>
                )}
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="lg">
              <Stack>
                <LogoField
                  value={form.values.logo_link ?? null}
                  onChange={(url) => form.setField('logo_link', url)}
                  error={form.errors.logo_link}
                  companyName={name}
                />
                <Fieldset legend={t('settings.colors_title')}>
                  <Stack>
                    <ThemeColorsFields value={theme} onChange={setTheme} errors={form.errors} />
                    <ThemePreview theme={theme} companyName={name} logo={form.values.logo_link ?? null} />
                  </Stack>
                </Fieldset>
                <Fieldset legend={t('settings.social_title')}>
                  <SocialLinksFields value={theme} onChange={setTheme} errors={form.errors} />
                </Fieldset>
              </Stack>
            </Paper>
          </Stack>
        );
      }}
    </ResourceForm>
  );
}

/** /admin/companies/add and /admin/companies/edit/:id (super admins). */
export default function CompanyFormPage() {
  const { t } = useTranslation();
  const { id = null } = useParams();
  return (
    <RecordFormPage
      resource={companiesResource}
      id={id}
      description={t(id ? 'companies.edit_description' : 'companies.add_description')}
      testId="company-form"
    >
      {(company) => <CompanyForm key={company?.id ?? 'new'} company={company} />}
    </RecordFormPage>
  );
}
