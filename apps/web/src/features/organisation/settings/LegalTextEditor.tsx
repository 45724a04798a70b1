import { type LegalTextSetting, LOCALES, type Locale } from '@kampus/shared';
import {
  ActionIcon,
  Box,
  Button,
  Fieldset,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Typography,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Texts = Partial<Record<Locale, string>>;
/** The setting as the form holds it (parts may still be missing before the schema fills its defaults). */
export type LegalTextValue = { default?: Texts; hosts?: Record<string, Texts> };

interface LegalTextEditorProps {
  legend: string;
  value: LegalTextValue | undefined;
  onChange: (next: LegalTextSetting) => void;
  /** Field errors of this setting, keyed as the form holds them (`personal_data_notice.hosts`…). */
  errors: Record<string, string | undefined>;
  name: 'personal_data_notice' | 'clarification_text';
}

/** The HTML as learners will see it: sanitized exactly as the legal modal does. */
function SanitizedPreview({ html, testId }: { html: string; testId: string }) {
  const { t } = useTranslation();
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return (
    <Box p="sm" bd="1px solid var(--mantine-color-default-border)" style={{ borderRadius: 8 }} data-testid={testId}>
      {clean.trim() ? (
        <Typography>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify just above */}
          <div dangerouslySetInnerHTML={{ __html: clean }} />
        </Typography>
      ) : (
        <Text c="dimmed" fz="sm">
          {t('settings.legal.preview_empty')}
        </Text>
      )}
    </Box>
  );
}

function HtmlField(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  return (
    <Input.Wrapper label={props.label} error={props.error}>
      <Stack gap={6} mt={4}>
        <SegmentedControl
          size="xs"
          w="fit-content"
          value={mode}
          onChange={(next) => setMode(next as 'edit' | 'preview')}
          data={[
            { value: 'edit', label: t('settings.legal.edit') },
            { value: 'preview', label: t('settings.legal.preview') },
          ]}
        />
        {mode === 'edit' ? (
          <Textarea
            aria-label={props.label}
            value={props.value}
            onChange={(event) => props.onChange(event.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={14}
            ff="monospace"
            data-testid={props.testId}
          />
        ) : (
          <SanitizedPreview html={props.value} testId={`${props.testId}-preview`} />
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/**
 * A legal text of the company (spec §1, §2.9): a default per language plus variants for named hosts. HTML, with a
 * sanitized preview; a language left empty falls back to the default, then to Kampus's built-in text.
 */
export function LegalTextEditor({ legend, value, onChange, errors, name }: LegalTextEditorProps) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<Locale>('tr');
  const [newHost, setNewHost] = useState('');
  const current: LegalTextSetting = { default: value?.default ?? {}, hosts: value?.hosts ?? {} };
  const hostError = Object.entries(errors).find(([key]) => key.startsWith(`${name}.hosts`))?.[1];
  const defaultError = Object.entries(errors).find(([key]) => key.startsWith(`${name}.default`))?.[1];

  const setDefault = (html: string) => onChange({ ...current, default: { ...current.default, [language]: html } });
  const setHost = (host: string, html: string) =>
    onChange({ ...current, hosts: { ...current.hosts, [host]: { ...current.hosts[host], [language]: html } } });
  const removeHost = (host: string) => {
    const { [host]: _removed, ...rest } = current.hosts;
    onChange({ ...current, hosts: rest });
  };
  const addHost = () => {
    const host = newHost.trim().toLowerCase();
    if (!host || host in current.hosts) return;
    onChange({ ...current, hosts: { ...current.hosts, [host]: {} } });
    setNewHost('');
  };

  return (
    <Fieldset legend={legend} data-testid={`legal-${name}`}>
      <Stack gap="sm">
        <SegmentedControl
          value={language}
          onChange={(next) => setLanguage(next as Locale)}
          data={LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
          aria-label={t('settings.legal.language')}
        />
        <Text fz="sm" c="dimmed">
          {t('settings.legal.fallback_hint')}
        </Text>
        <HtmlField
          label={t('settings.legal.default_text')}
          value={current.default[language] ?? ''}
          onChange={setDefault}
          error={defaultError}
          testId={`legal-${name}-default`}
        />
        {Object.keys(current.hosts).map((host) => (
          <Group key={host} align="flex-start" wrap="nowrap">
            <Box flex={1}>
              <HtmlField
                label={t('settings.legal.host_text', { host })}
                value={current.hosts[host]?.[language] ?? ''}
                onChange={(html) => setHost(host, html)}
                testId={`legal-${name}-host`}
              />
            </Box>
            <ActionIcon
              variant="subtle"
              color="danger"
              mt={28}
              onClick={() => removeHost(host)}
              aria-label={t('settings.legal.remove_host', { host })}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('settings.legal.add_host')}
            description={t('settings.legal.add_host_hint')}
            placeholder="akademi.example.com"
            value={newHost}
            onChange={(event) => setNewHost(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addHost();
              }
            }}
            error={hostError}
            flex={1}
          />
          <Button variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={addHost}>
            {t('settings.legal.add_host_button')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
