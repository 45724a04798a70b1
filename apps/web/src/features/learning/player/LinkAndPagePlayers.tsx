import { type PlayerContent, PROGRESS_HEARTBEAT_MS } from '@kampus/shared';
import { Button, Paper, Stack, Text, Typography } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import DOMPurify from 'dompurify';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProgressChannel } from './use-progress-reporter.js';

interface Props {
  content: PlayerContent;
  channel: ProgressChannel;
}

/** A web link: opened in a new tab (never in this page), and the opening reported. */
export function LinkPlayer({ content, channel }: Props) {
  const { t } = useTranslation();
  const url = content.external_url;
  return (
    <Paper withBorder radius="md" p="xl" data-testid="link-player">
      <Stack align="center" gap="sm">
        {content.description && (
          <Text ta="center" maw={620}>
            {content.description}
          </Text>
        )}
        <Text c="dimmed" fz="sm" ta="center" style={{ wordBreak: 'break-all' }}>
          {url}
        </Text>
        {url && (
          <Button
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconExternalLink size={18} aria-hidden />}
            onClick={() => channel.report({ kind: 'link', finished: true })}
            data-testid="link-open"
          >
            {t('player.link.open')}
          </Button>
        )}
        <Text fz="xs" c="dimmed">
          {t('player.link.new_tab')}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * A rich text page: the server stores it sanitized, and it is sanitized again here (a page is HTML written by
 * people). Time on it is reported every heartbeat while visible; reaching its end (a mark after the last line comes
 * into view) reports it finished.
 */
export function PagePlayer({ content, channel }: Props) {
  const end = useRef<HTMLDivElement>(null);
  const finished = useRef(false);
  const { report, leave } = channel;

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') report({ kind: 'page', finished: finished.current });
    }, PROGRESS_HEARTBEAT_MS);
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave({ kind: 'page', finished: finished.current });
    };
    document.addEventListener('visibilitychange', hidden);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [report, leave]);

  useEffect(() => {
    const mark = end.current;
    if (!mark || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (finished.current || !entries.some((entry) => entry.isIntersecting)) return;
      finished.current = true;
      report({ kind: 'page', finished: true });
      observer.disconnect();
    });
    observer.observe(mark);
    return () => observer.disconnect();
  }, [report]);

  return (
    <Paper withBorder radius="md" p="xl" data-testid="page-player">
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server and again with DOMPurify */}
        <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(content.body ?? '') }} />
      </Typography>
      <div ref={end} data-testid="page-end" style={{ height: 1 }} />
    </Paper>
  );
}
