import { exportFileResultSchema, formatFileSize } from '@kampus/shared';
import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport } from '../lib/exports.js';
import { JobProgress } from './JobProgress.js';

export interface ExportProgressProps {
  jobId: number;
  /** The name to save under if the server names none. */
  fallbackName: string;
  /** Told the saved name once the file has been saved, or the error when saving failed. */
  onSaved?: (name: string) => void;
  onError?: (error: unknown) => void;
}

/**
 * An export being written on the server: its progress bar, then the file saved once by itself (the person asked for
 * it) and offered again with its name and size.
 */
export function ExportProgress({ jobId, fallbackName, onSaved, onError }: ExportProgressProps) {
  const { t } = useTranslation();
  return (
    <JobProgress jobId={jobId} failureMessage={t('jobs.export_failed')}>
      {(result) => {
        const parsed = exportFileResultSchema.safeParse(result);
        if (!parsed.success) return null;
        const { file } = parsed.data;
        return (
          <Group justify="space-between" gap="sm" wrap="wrap" data-testid="export-ready">
            <AutoSave jobId={jobId} fallbackName={fallbackName} onSaved={onSaved} onError={onError} />
            <Text size="sm">
              {file.file_name} · {formatFileSize(file.size)}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void downloadExport(jobId, fallbackName).then(onSaved, onError)}
              data-testid="export-download"
            >
              {t('jobs.download')}
            </Button>
          </Group>
        );
      }}
    </JobProgress>
  );
}

/** Saves the file once, when the export is done. */
function AutoSave({ jobId, fallbackName, onSaved, onError }: ExportProgressProps) {
  const saved = useRef(false);
  useEffect(() => {
    if (saved.current) return;
    saved.current = true;
    void downloadExport(jobId, fallbackName).then(onSaved, onError);
  }, [jobId, fallbackName, onSaved, onError]);
  return null;
}
