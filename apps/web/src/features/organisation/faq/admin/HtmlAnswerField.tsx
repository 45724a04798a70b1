import { Box, Input, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerHtml } from '../AnswerHtml.js';

interface HtmlAnswerFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  testId: string;
}

/** An answer written as HTML, with a preview that shows it exactly as learners will see it (sanitized). */
export function HtmlAnswerField({ label, value, onChange, error, required, testId }: HtmlAnswerFieldProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  return (
    <Stack gap={6}>
      <SegmentedControl
        size="xs"
        w="fit-content"
        value={mode}
        onChange={(next) => setMode(next as 'edit' | 'preview')}
        data={[
          { value: 'edit', label: t('faq.answer_edit') },
          { value: 'preview', label: t('faq.answer_preview') },
        ]}
        data-testid={`${testId}-mode`}
      />
      {mode === 'edit' ? (
        <Textarea
          label={label}
          description={t('faq.answer_hint')}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          required={required}
          autosize
          minRows={6}
          maxRows={18}
          ff="monospace"
          data-testid={testId}
        />
      ) : (
        <Input.Wrapper label={label} error={error}>
          <Box p="sm" mt={4} bd="1px solid var(--mantine-color-default-border)" data-testid={`${testId}-preview`}>
            {value.trim() ? (
              <AnswerHtml html={value} />
            ) : (
              <Text c="dimmed" fz="sm">
                {t('faq.preview_empty')}
              </Text>
            )}
          </Box>
        </Input.Wrapper>
      )}
    </Stack>
  );
}
