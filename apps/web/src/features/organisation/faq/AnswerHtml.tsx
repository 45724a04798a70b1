import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';

/** An FAQ answer: administrators write HTML, so it is sanitized (no scripts, handlers or styles) before it shows. */
export function AnswerHtml({ html, testId }: { html: string; testId?: string }) {
  return (
    <Typography data-testid={testId}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify */}
      <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html, { FORBID_ATTR: ['style'] }) }} />
    </Typography>
  );
}
