import {
  type CompanySettingsForm,
  companySettingsFormSchema,
  isLocale,
  LOCALES,
  LOGIN_IDENTIFIERS,
  type LoginOptions,
  type ThemeSettings,
} from '@kampus/shared';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Fieldset,
  Indicator,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  TagsInput,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCompany, useRefreshCompany } from '../../../app/company.js';
import { pathTo } from '../../../app/route-names.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { ResourceForm, type ResourceFormControl } from '../../../components/ResourceForm.js';
import { usersResource } from '../users/api.js';
import { settingsApi } from './api.js';
import { LegalTextEditor } from './LegalTextEditor.js';
import { LogoField } from './LogoField.js';
import { StorageUsageBar } from './StorageUsage.js';
import { SocialLinksFields, ThemeColorsFields, ThemePreview } from './ThemeEditor.js';
import { UserFieldsEditor } from './UserFieldsEditor.js';

type Form = ResourceFormControl<typeof companySettingsFormSchema>;
const TABS = ['general', 'signin', 'branding', 'legal', 'fields'] as const;
type Tab = (typeof TABS)[number];

/** Which tab holds a field, so a tab with an error is marked. */
function tabOf(field: string): Tab {
  if (field.startsWith('login_options')) return 'signin';
  if (/^(logo_link|theme_settings|hide_social_links_hosts)/.test(field)) return 'branding';
  if (/^(personal_data_notice|clarification_text)/.test(field)) return 'legal';
  if (field.startsWith('user_custom_fields')) return 'fields';
  return 'general';
}

function GeneralTab({ form }: { form: Form }) {
  const { t } = useTranslation();
  const v = form.values;
  const toggle = (name: 'chat_is_disabled' | 'hide_online_users' | 'hide_copyright_notice', label: string) => (
    <Switch
      label={label}
      checked={Boolean(v[name])}
      onChange={(event) => form.setField(name, event.currentTarget.checked)}
      data-testid={`setting-${name}`}
    />
  );
  return (
    <Stack>
      <Select
        label={t('settings.fields.default_language')}
        description={t('settings.fields.default_language_hint')}
        data={LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
        value={v.default_language}
        onChange={(value) =>
          value && form.setField('default_language', value as CompanySettingsForm['default_language'])
        }
        allowDeselect={false}
        error={form.errors.default_language}
        maw={320}
        data-testid="setting-default_language"
      />
      <Switch
        label={t('settings.fields.surname_view_restrict')}
        description={t('settings.fields.surname_view_restrict_hint')}
        checked={v.surname_view_restrict === 1}
        onChange={(event) => form.setField('surname_view_restrict', event.currentTarget.checked ? 1 : 0)}
        data-testid="setting-surname_view_restrict"
      />
      {toggle('chat_is_disabled', t('settings.fields.chat_is_disabled'))}
      {toggle('hide_online_users', t('settings.fields.hide_online_users'))}
      {toggle('hide_copyright_notice', t('settings.fields.hide_copyright_notice'))}
    </Stack>
  );
}

function SignInTab({ form }: { form: Form }) {
  const { t } = useTranslation();
  const options = (form.values.login_options ?? {}) as Partial<LoginOptions>;
  const set = (next: Partial<LoginOptions>) => form.setField('login_options', { ...options, ...next });
  return (
    <Stack>
      <Checkbox.Group
        label={t('settings.fields.identifiers')}
        description={t('settings.fields.identifiers_hint')}
        value={options.identifiers ?? []}
        onChange={(identifiers) => set({ identifiers: identifiers as LoginOptions['identifiers'] })}
        error={form.errors['login_options.identifiers']}
        data-testid="setting-identifiers"
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
          {LOGIN_IDENTIFIERS.map((id) => (
            <Checkbox key={id} value={id} label={t(`identifiers.${id}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Switch
        label={t('settings.fields.sms_two_factor')}
        description={t('settings.fields.sms_two_factor_hint')}
        checked={options.sms_two_factor ?? false}
        onChange={(event) => set({ sms_two_factor: event.currentTarget.checked })}
      />
      <Switch
        label={t('settings.fields.self_registration')}
        checked={options.self_registration ?? false}
        onChange={(event) => set({ self_registration: event.currentTarget.checked })}
      />
      <Switch
        label={t('settings.fields.self_registration_requires_approval')}
        description={t('settings.fields.self_registration_requires_approval_hint')}
        checked={options.self_registration_requires_approval ?? true}
        disabled={!options.self_registration}
        onChange={(event) => set({ self_registration_requires_approval: event.currentTarget.checked })}
      />
    </Stack>
  );
}

function BrandingTab({ form, companyName }: { form: Form; companyName: string }) {
  const { t } = useTranslation();
  const theme = (form.values.theme_settings ?? {}) as ThemeSettings;
  const setTheme = (next: ThemeSettings) => form.setField('theme_settings', next);
  return (
    <Stack>
      <LogoField
        value={form.values.logo_link ?? null}
        onChange={(url) => form.setField('logo_link', url)}
        error={form.errors.logo_link}
        companyName={companyName}
      />
      <Fieldset legend={t('settings.colors_title')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ThemeColorsFields value={theme} onChange={setTheme} errors={form.errors} />
          <Stack gap={6}>
            <ThemePreview theme={theme} companyName={companyName} logo={form.values.logo_link ?? null} />
          </Stack>
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('settings.social_title')}>
        <Stack>
          <SocialLinksFields value={theme} onChange={setTheme} errors={form.errors} />
          <TagsInput
            label={t('settings.fields.hide_social_links_hosts')}
            description={t('settings.fields.hide_social_links_hosts_hint')}
            value={form.values.hide_social_links_hosts ?? []}
            onChange={(hosts) => form.setField('hide_social_links_hosts', hosts)}
            error={Object.entries(form.errors).find(([key]) => key.startsWith('hide_social_links_hosts'))?.[1]}
            placeholder="akademi.example.com"
            splitChars={[',', ' ']}
            clearable
          />
        </Stack>
      </Fieldset>
    </Stack>
  );
}

function LegalTab({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <LegalTextEditor
        name="personal_data_notice"
        legend={t('settings.legal.personal_data_notice')}
        value={form.values.personal_data_notice}
        onChange={(next) => form.setField('personal_data_notice', next)}
        errors={form.errors}
      />
      <LegalTextEditor
        name="clarification_text"
        legend={t('settings.legal.clarification_text')}
        value={form.values.clarification_text}
        onChange={(next) => form.setField('clarification_text', next)}
        errors={form.errors}
      />
    </Stack>
  );
}

function FieldsTab({ form, saved }: { form: Form; saved: CompanySettingsForm }) {
  const { i18n } = useTranslation();
  const savedKeys = useMemo(() => new Set(saved.user_custom_fields.map((field) => field.key)), [saved]);
  return (
    <UserFieldsEditor
      value={form.values.user_custom_fields ?? []}
      onChange={(next) => form.setField('user_custom_fields', next)}
      savedKeys={savedKeys}
      errors={form.errors}
      language={isLocale(i18n.language) ? i18n.language : 'tr'}
    />
  );
}

const tabLabelKey = (tab: Tab) => (tab === 'fields' ? 'user_fields.tab' : `settings.tabs.${tab}`);

function SettingsTabs({ form, companyName, saved }: { form: Form; companyName: string; saved: CompanySettingsForm }) {
  const { t } = useTranslation();
  const withErrors = new Set(Object.keys(form.errors).map(tabOf));
  const panels: Record<Tab, ReactNode> = {
    general: <GeneralTab form={form} />,
    signin: <SignInTab form={form} />,
    branding: <BrandingTab form={form} companyName={companyName} />,
    legal: <LegalTab form={form} />,
    fields: <FieldsTab form={form} saved={saved} />,
  };
  return (
    <Tabs defaultValue="general" keepMounted>
      <Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Tab key={tab} value={tab} data-testid={`settings-tab-${tab}`}>
            <Indicator color="danger" size={8} disabled={!withErrors.has(tab)} offset={-4}>
              {t(tabLabelKey(tab))}
            </Indicator>
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map((tab) => (
        <Tabs.Panel key={tab} value={tab} pt="md">
          <Paper withBorder radius="lg" p="lg">
            {panels[tab]}
          </Paper>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function SettingsForm({ settings }: { settings: CompanySettingsForm }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const refreshCompany = useRefreshCompany();
  const companyName = useCompany()?.name ?? '';
  return (
    <ResourceForm
      schema={companySettingsFormSchema}
      initial={settings}
      cancelTo={pathTo('company.dashboard')}
      testId="settings-form"
      onSave={async (data, mode) => {
        const saved = await settingsApi.update(data);
        client.setQueryData(settingsApi.key, saved);
        // The user form and detail show the company's fields: they must see new or renamed ones at once.
        void client.invalidateQueries({ queryKey: [...usersResource.keys.all, 'custom-fields'] });
        // The frame (theme, logo, footer, chat and presence rules) is built on the host company: fetch it again.
        await refreshCompany();
        notifications.show({ color: 'success', message: t('settings.saved') });
        if (mode === 'back') navigate(pathTo('company.dashboard'));
      }}
    >
      {(form) => <SettingsTabs form={form} companyName={companyName} saved={settings} />}
    </ResourceForm>
  );
}

/** The company's storage: used of quota and the number of files (spec §5 uploads, bounded by a quota). */
function StorageCard() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: settingsApi.storageKey, queryFn: settingsApi.storage, staleTime: 0 });
  if (!query.data) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="settings-storage-title">
      <Stack gap="xs">
        <Text fw={600} id="settings-storage-title">
          {t('settings.storage.title')}
        </Text>
        <StorageUsageBar usage={query.data} testId="settings-storage" />
        <Text size="xs" c="dimmed">
          {t('settings.storage.hint')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** /admin/settings (read_companysetting): the acting company's settings, language and branding. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: settingsApi.key, queryFn: settingsApi.get, staleTime: 0 });
  return (
    <Stack maw={960}>
      <PageHeader description={t('settings.description')} />
      <StorageCard />
      {query.isLoading && (
        <Center p="xl">
          <Loader aria-label={t('resource.loading')} />
        </Center>
      )}
      {query.isError && (
        <Alert color="danger" title={t('resource.load_failed')} data-testid="settings-load-error">
          <Button variant="subtle" onClick={() => void query.refetch()}>
            {t('resource.retry')}
          </Button>
        </Alert>
      )}
      {query.data && <SettingsForm settings={query.data} />}
    </Stack>
  );
}
