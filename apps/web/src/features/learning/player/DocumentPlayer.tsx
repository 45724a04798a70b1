import { type PlayerContent, PROGRESS_HEARTBEAT_MS } from '@kampus/shared';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconDownload, IconFileText } from '@tabler/icons-react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportBody } from './progress-queue.js';
import type { ProgressChannel } from './use-progress-reporter.js';

interface DocumentPlayerProps {
  content: PlayerContent;
  channel: ProgressChannel;
}

/**
 * Reports the reading time every heartbeat while the page is visible (a hidden tab is not reading), with the pages
 * shown since the last report, and on leaving.
 */
function useReadingHeartbeat(channel: ProgressChannel, next: () => ReportBody) {
  const { report, leave } = channel;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') report(next());
    }, PROGRESS_HEARTBEAT_MS);
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave(next());
    };
    document.addEventListener('visibilitychange', hidden);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [report, leave, next]);
}

const isPdf = (content: PlayerContent) =>
  content.mime === 'application/pdf' || (content.file_name ?? '').toLowerCase().endsWith('.pdf');

/** A document: a PDF shown page by page inside the page (pdf.js), an Office file offered for download. */
export function DocumentPlayer({ content, channel }: DocumentPlayerProps) {
  return isPdf(content) ? (
    <PdfDocument content={content} channel={channel} />
  ) : (
    <OfficeDocument content={content} channel={channel} />
  );
}

function OfficeDocument({ content, channel }: DocumentPlayerProps) {
  const { t } = useTranslation();
  const next = useCallback((): ReportBody => ({ kind: 'document', pages: [], position: 1 }), []);
  useReadingHeartbeat(channel, next);
  return (
    <Paper withBorder radius="md" p="xl" data-testid="office-document">
      <Stack align="center" gap="sm">
        <IconFileText size={48} aria-hidden />
        <Text fw={600}>{content.file_name}</Text>
        <Text c="dimmed" ta="center" maw={520}>
          {content.min_reading_seconds
            ? t('player.document.office_hint_time', { minutes: Math.ceil(content.min_reading_seconds / 60) })
            : t('player.document.office_hint')}
        </Text>
        {content.file_url && (
          <Button
            component="a"
            href={content.file_url}
            download={content.file_name ?? true}
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            {t('player.document.download')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function PdfDocument({ content, channel }: DocumentPlayerProps) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(() => Math.max(1, channel.progress?.position ?? 1));
  const canvas = useRef<HTMLCanvasElement>(null);
  const { ref: frame, width } = useElementSize();
  const shown = useRef(new Set<number>());
  const pageRef = useRef(page);
  pageRef.current = page;

  useEffect(() => {
    if (!content.file_url) return;
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    import('./pdf.js')
      .then(({ openPdf }) => openPdf(content.file_url!))
      .then((doc) => {
        opened = doc;
        if (cancelled) return void doc.destroy();
        setPage((current) => Math.min(current, doc.numPages));
        setPdf(doc);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [content.file_url]);

  const next = useCallback(
    (): ReportBody => ({
      kind: 'document',
      pages: [...shown.current.values()],
      ...(pdf ? { page_count: pdf.numPages } : {}),
      position: pageRef.current,
    }),
    [pdf],
  );
  const take = useCallback((): ReportBody => {
    const body = next();
    shown.current.clear();
    return body;
  }, [next]);
  useReadingHeartbeat(channel, take);

  // Draws the page; once drawn it counts as shown and is reported at once.
  const { report } = channel;
  useEffect(() => {
    if (!pdf || !canvas.current || width === 0) return;
    let current = true;
    import('./pdf.js')
      .then(({ renderPage }) => renderPage(pdf, page, canvas.current!, Math.min(width, 900)))
      .then(() => {
        if (!current) return;
        shown.current.add(page);
        report(take());
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [pdf, page, width, report, take]);

  if (!content.file_url || failed) {
    return (
      <Alert color="red" title={t('player.document.failed_title')} data-testid="document-failed">
        {t('player.document.failed')}
      </Alert>
    );
  }

  const count = pdf?.numPages ?? 0;
  const pager = (
    <Group justify="center" gap="sm">
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        disabled={!pdf || page <= 1}
        onClick={() => setPage((p) => p - 1)}
        data-testid="document-previous"
      >
        {t('player.document.previous')}
      </Button>
      <Text fz="sm" aria-live="polite" data-testid="document-page">
        {pdf ? t('player.document.page_of', { page, count }) : ''}
      </Text>
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        disabled={!pdf || page >= count}
        onClick={() => setPage((p) => p + 1)}
        data-testid="document-next"
      >
        {t('player.document.next')}
      </Button>
    </Group>
  );
  return (
    <Stack data-testid="pdf-document">
      {pager}
      <Paper ref={frame} withBorder radius="md" p={0} bg="gray.1" style={{ overflow: 'auto' }}>
        {!pdf && (
          <Center mih={360}>
            <Loader aria-label={t('player.loading')} />
          </Center>
        )}
        <Center>
          <canvas
            ref={canvas}
            role="img"
            aria-label={t('player.document.page_of', { page, count })}
            style={{ display: pdf ? 'block' : 'none', background: 'white' }}
          />
        </Center>
      </Paper>
      {pager}
    </Stack>
  );
}
