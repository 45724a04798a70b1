import { type MailTemplate, type MailVariableInfo, mailTemplateInputSchema } from '@kampus/shared';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRestore, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../app/route-names.js';
import { ConfirmButton } from '../../../components/ConfirmButton.js';
import { ResourceForm, type ResourceFormControl } from '../../../components/ResourceForm.js';
import { formatDateTime } from '../../../lib/dates.js';
import { mailTemplateKeys, mailTemplatesApi } from './api.js';
import { MailPreview } from './MailPreview.js';

export const MAIL_TEMPLATES_LIST = pathTo('company.mail-templates');

type Form = ResourceFormControl<typeof mailTemplateInputSchema>;
type Field = 'subject' | 'body';

/** Puts `token` where the cursor of a text field is (or over its selection), then puts the cursor after it. */
export function insertAt(value: string, token: string, start: number | null, end: number | null) {
  const from = start ?? value.length;
  const to = end ?? from;
  return { value: value.slice(0, from) + token + value.slice(to), cursor: from + token.length };
}

function VariableButtons({
  variables,
  onInsert,
}: {
  variables: MailVariableInfo[];
  onInsert: (token: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="mail-template-variables">
      <Text fw={600} fz="sm">
        {t('mail_templates.variables_title')}
      </Text>
      <Text fz="xs" c="dimmed">
        {t('mail_templates.variables_hint')}
      </Text>
      <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs">
        <Table.Tbody>
          {variables.map((variable) => {
            const token = `{{${variable.name}}}`;
            return (
              <Table.Tr key={variable.name}>
                <Table.Td w={1}>
                  <Button
                    size="compact-sm"
                    variant="light"
                    ff="monospace"
                    onClick={() => onInsert(token)}
                    aria-label={t('mail_templates.insert_variable', { variable: token })}
                    data-testid={`mail-template-insert-${variable.name}`}
                  >
                    {token}
                  </Button>
                </Table.Td>
                <Table.Td fz="sm">
                  {variable.description}{' '}
                  <Text span fz="xs" c="dimmed">
                    ({t('mail_templates.sample', { value: variable.sample })})
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** "Send me a test" and "reset to default": actions beside the save, on the text as it is now. */
function TemplateActions({ template, form }: { template: MailTemplate; form: Form }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [sending, setSending] = useState(false);
  const { event, language } = template;

  const sendTest = () => {
    setSending(true);
    void form
      .submit(async (data) => {
        const { message } = await mailTemplatesApi.sendTest(event, language, data);
        notifications.show({ color: 'success', message });
      })
      .finally(() => setSending(false));
  };

  const reset = async () => {
    const { message } = await mailTemplatesApi.reset(event, language);
    notifications.show({ color: 'success', message });
    await client.invalidateQueries({ queryKey: mailTemplateKeys.all });
  };

  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconSend size={16} aria-hidden />}
        loading={sending}
        onClick={sendTest}
        data-testid="mail-template-send-test"
      >
        {t('mail_templates.send_test')}
      </Button>
      {template.customized && (
        <ConfirmButton
          title={t('mail_templates.reset_title')}
          message={t('mail_templates.reset_text')}
          confirmLabel={t('mail_templates.reset')}
          onConfirm={() =>
            reset().catch((error: Error) => notifications.show({ color: 'danger', message: error.message }))
          }
          variant="subtle"
          color="danger"
          leftSection={<IconRestore size={16} aria-hidden />}
          data-testid="mail-template-reset"
        >
          {t('mail_templates.reset')}
        </ConfirmButton>
      )}
    </Group>
  );
}

function EditedNote({ template }: { template: MailTemplate }) {
  const { t, i18n } = useTranslation();
  if (!template.customized) {
    return (
      <Alert color="gray" variant="light" data-testid="mail-template-default-notice">
        {t('mail_templates.default_notice')}
      </Alert>
    );
  }
  const date = template.updated_at ? formatDateTime(template.updated_at, i18n.language) : '';
  return (
    <Text fz="sm" c="dimmed" data-testid="mail-template-updated">
      {template.updated_by
        ? t('mail_templates.updated_by', {
            name: `${template.updated_by.name} ${template.updated_by.surname}`.trim(),
            date,
          })
        : t('mail_templates.updated_at', { date })}
    </Text>
  );
}

/**
 * The editor of one mail in one language: subject, HTML body with variables inserted at the cursor, the live preview,
 * a test mail to oneself and the way back to the built-in text. Saving keeps the leave guard of every admin form.
 */
export function MailTemplateEditor({ template }: { template: MailTemplate }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { event, language } = template;
  const initial = useMemo(() => ({ subject: template.subject, body: template.body }), [template]);
  const refs = { subject: useRef<HTMLInputElement>(null), body: useRef<HTMLTextAreaElement>(null) };
  const lastField = useRef<Field>('body');

  const insertVariable = (form: Form, token: string) => {
    const field = lastField.current;
    const element = refs[field].current;
    const current = String(form.values[field] ?? '');
    const next = insertAt(current, token, element?.selectionStart ?? null, element?.selectionEnd ?? null);
    form.setField(field, next.value);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  return (
    <ResourceForm
      schema={mailTemplateInputSchema}
      initial={initial}
      cancelTo={MAIL_TEMPLATES_LIST}
      testId="mail-template-form"
      onSave={async (data, mode) => {
        const saved = await mailTemplatesApi.save(event, language, data);
        notifications.show({ color: 'success', message: t('mail_templates.saved') });
        await client.invalidateQueries({ queryKey: mailTemplateKeys.list });
        client.setQueryData(mailTemplateKeys.item(event, language), saved);
        if (mode === 'back') navigate(MAIL_TEMPLATES_LIST);
      }}
    >
      {(form) => (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Stack>
            <EditedNote template={template} />
            <Paper withBorder radius="lg" p="lg">
              <Stack>
                <TextInput
                  ref={refs.subject}
                  label={t('mail_templates.fields.subject')}
                  name="subject"
                  required
                  autoComplete="off"
                  onFocus={() => {
                    lastField.current = 'subject';
                  }}
                  data-testid="mail-template-subject"
                  {...form.field('subject')}
                />
                <VariableButtons variables={template.variables} onInsert={(token) => insertVariable(form, token)} />
                <Textarea
                  ref={refs.body}
                  label={t('mail_templates.fields.body')}
                  name="body"
                  required
                  rows={16}
                  resize="vertical"
                  spellCheck={false}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
                  onFocus={() => {
                    lastField.current = 'body';
                  }}
                  data-testid="mail-template-body"
                  {...form.field('body')}
                />
              </Stack>
            </Paper>
            <TemplateActions template={template} form={form} />
          </Stack>
          <MailPreview
            event={event}
            language={language}
            values={{ subject: String(form.values.subject ?? ''), body: String(form.values.body ?? '') }}
          />
        </SimpleGrid>
      )}
    </ResourceForm>
  );
}
