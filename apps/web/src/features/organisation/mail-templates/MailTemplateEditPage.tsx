import { isLocale, isMailEvent, type Locale, type MailEvent } from '@kampus/shared';
import { Alert, Button, Center, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.js';
import { useMailTemplate } from './api.js';
import { MailTemplateEditor } from './MailTemplateEditor.js';

function EditTemplate({ event, language }: { event: MailEvent; language: Locale }) {
  const { t } = useTranslation();
  const template = useMailTemplate(event, language);
  return (
    <Stack>
      <Title order={2} fz="h3">
        {t(`mail_templates.events.${event}`)} · {t(`languages.${language}`)}
      </Title>
      <PageHeader description={t('mail_templates.edit_description')} />
      {template.isLoading && (
        <Center p="xl">
          <Loader aria-label={t('resource.loading')} />
        </Center>
      )}
      {template.isError && (
        <Alert color="danger" title={t('resource.load_failed')} data-testid="mail-template-load-error">
          <Button variant="subtle" onClick={() => void template.refetch()}>
            {t('resource.retry')}
          </Button>
        </Alert>
      )}
      {template.data && (
        // A new version (saved, or reset to the default) starts the form again from what the server holds.
        <MailTemplateEditor key={`${template.data.customized}:${template.data.updated_at}`} template={template.data} />
      )}
    </Stack>
  );
}

/** /admin/mail-templates/:event/:language (read_companysetting). An event or language that does not exist is a 404. */
export default function MailTemplateEditPage() {
  const { event, language } = useParams();
  if (!isMailEvent(event) || !isLocale(language)) return <Navigate to="/404" replace />;
  return <EditTemplate key={`${event}/${language}`} event={event} language={language} />;
}
