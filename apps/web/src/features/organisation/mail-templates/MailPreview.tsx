import type { Locale, MailEvent, MailTemplateInput } from '@kampus/shared';
import { Alert, Box, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.js';
import { useMailPreview } from './api.js';

/** How long typing pauses before the preview is asked for again. */
export const PREVIEW_DELAY_MS = 400;

/** The problems of a refused preview, one line each (the server lists unknown variables by name). */
function problemsOf(error: unknown): string[] {
  if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
    return Object.values(error.fieldErrors).flat();
  }
  return [error instanceof Error ? error.message : String(error)];
}

/**
 * The mail as the server would send it, filled with the sample values, following the form as one types. The HTML
 * is sanitized by the server and again here, and shown in a sandboxed frame that may run nothing and reach nothing.
 */
export function MailPreview({
  event,
  language,
  values,
}: {
  event: MailEvent;
  language: Locale;
  values: MailTemplateInput;
}) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(values, PREVIEW_DELAY_MS);
  const input = debounced.subject.trim() && debounced.body.trim() ? debounced : null;
  const preview = useMailPreview(event, language, input);
  const html = useMemo(() => (preview.data ? DOMPurify.sanitize(preview.data.html) : ''), [preview.data]);

  return (
    <Paper withBorder radius="lg" p="md" data-testid="mail-preview">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{t('mail_templates.preview_title')}</Text>
          {preview.isFetching && <Loader size="xs" aria-label={t('mail_templates.preview_loading')} />}
        </Group>
        <Text fz="sm" c="dimmed">
          {t('mail_templates.preview_hint')}
        </Text>
        {preview.isError && (
          <Alert color="danger" title={t('mail_templates.preview_failed')} data-testid="mail-preview-error">
            {problemsOf(preview.error).map((problem) => (
              <Text key={problem} fz="sm">
                {problem}
              </Text>
            ))}
          </Alert>
        )}
        {preview.data && (
          <>
            <Box>
              <Text fz="xs" c="dimmed">
                {t('mail_templates.preview_subject')}
              </Text>
              <Text fw={600} data-testid="mail-preview-subject">
                {preview.data.subject}
              </Text>
            </Box>
            <iframe
              title={t('mail_templates.preview_frame')}
              sandbox=""
              srcDoc={html}
              data-testid="mail-preview-frame"
              style={{ width: '100%', minHeight: 360, border: '1px solid var(--mantine-color-default-border)' }}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
