import {
  checkUpload,
  extractErrorMessage,
  formatFileSize,
  UPLOAD_DEFAULTS,
  UPLOAD_KINDS,
  type UploadedFile,
  type UploadKindName,
  uploadResponseSchema,
} from '@kampus/shared';
import { Button, FileButton, Group, Image, Input, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type ComponentPropsWithoutRef, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../lib/api.js';
import { ApiError } from '../lib/http.js';
import { i18next } from '../lib/i18n.js';

const UPLOAD_URL = 'api/uploads';

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Progress of an upload: percent, and the bytes sent of the request's whole size. */
export type ProgressListener = (percent: number, loaded: number, total: number) => void;

/** One XMLHttpRequest (fetch reports no upload progress) with the headers the HTTP client sends. */
function sendOnce(form: FormData, kind: UploadKindName, onProgress: ProgressListener, signal: AbortSignal) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(UPLOAD_DEFAULTS.method, `/${UPLOAD_URL}?kind=${encodeURIComponent(kind)}`);
    // Content-Type stays unset: the browser writes the multipart boundary itself.
    http.headers(UPLOAD_URL).forEach((value, name) => {
      if (name !== 'content-type') xhr.setRequestHeader(name, value);
    });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.round((event.loaded / event.total) * 100), event.loaded, event.total);
      }
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
    xhr.onerror = () => reject(new ApiError(0, null, i18next.t('upload.failed')));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Uploads one file to POST api/uploads as `files[]`, reporting progress in percent. A 401 refreshes the session
 * once (the same shared refresh as every other call) and sends again.
 */
export async function uploadFile(
  file: File,
  kind: UploadKindName,
  onProgress: ProgressListener,
  signal: AbortSignal,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append(UPLOAD_DEFAULTS.fieldName, file);
  let answer = await sendOnce(form, kind, onProgress, signal);
  if (answer.status === 401 && (await http.refresh())) {
    onProgress(0, 0, file.size);
    answer = await sendOnce(form, kind, onProgress, signal);
  }
  if (answer.status >= 200 && answer.status < 300) {
    const [stored] = uploadResponseSchema.parse(answer.body).data;
    if (stored) return stored;
  }
  const fallback = i18next.t('upload.failed');
  throw new ApiError(answer.status, answer.body, extractErrorMessage(answer.body, fallback));
}

interface UploadFieldProps {
  kind: UploadKindName;
  label: string;
  /** Called with each stored file, in the order they were chosen. */
  onUploaded(file: UploadedFile): void;
  /** An error about this field from elsewhere (the form's server answer). */
  error?: string | null;
  /** More than one file at a time; they are still sent one after another (spec §9 concurrency 1). */
  multiple?: boolean;
  disabled?: boolean;
  /** Tells the form an upload is under way, so it is not saved half-done. */
  onBusyChange?(busy: boolean): void;
  /** Each file that passed the checks, as it starts uploading (a video's length can be read from it meanwhile). */
  onChosen?(file: File): void;
  testId?: string;
}

/** The formats whose MIME type does not say their usual name. */
const FORMAT_NAMES: Record<string, string> = {
  msword: 'DOC',
  'vnd.ms-excel': 'XLS',
  'vnd.ms-powerpoint': 'PPT',
  'vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
  'x-zip-compressed': 'ZIP',
};

/** `image/jpeg,video/mp4,application/pdf` → `JPEG, MP4, PDF`: people know formats, not MIME types. */
export const formatsOf = (accept: string) =>
  [
    ...new Set(
      accept.split(',').map((type) => {
        const subtype = type.startsWith('.') ? type.slice(1) : type.slice(type.indexOf('/') + 1);
        return FORMAT_NAMES[subtype] ?? subtype.toUpperCase();
      }),
    ),
  ].join(', ');

type Status =
  | { state: 'idle' }
  | { state: 'uploading'; percent: number; name: string; loaded: number; total: number }
  | { state: 'done'; name: string };

/**
 * The generic file upload helper (spec §5): checks size, name and type against the kind's rules before sending,
 * then uploads with a progress bar; messages are the spec's, localized.
 */
export function UploadField({
  kind,
  label,
  onUploaded,
  error,
  multiple = false,
  disabled,
  onBusyChange,
  onChosen,
  testId = 'upload-field',
}: UploadFieldProps) {
  const { t } = useTranslation();
  const rules = UPLOAD_KINDS[kind];
  const id = useId();
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [problems, setProblems] = useState<string[]>([]);
  const aborter = useRef<AbortController | null>(null);
  // Cleared after every choice, so choosing the same file again (after fixing a problem) still counts.
  const resetInput = useRef<() => void>(null);
  const busy = status.state === 'uploading';

  useEffect(() => () => aborter.current?.abort(), []);
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  async function handle(chosen: File | File[] | null) {
    const files = (Array.isArray(chosen) ? chosen : chosen ? [chosen] : []).slice(0, rules.maxFiles);
    resetInput.current?.();
    if (files.length === 0) return;
    const refused = files.flatMap((file) => {
      const problem = checkUpload(file, rules);
      return problem ? [t(problem.key, problem.params)] : [];
    });
    setProblems(refused);
    if (refused.length > 0) return setStatus({ state: 'idle' });
    aborter.current = new AbortController();
    for (const file of files) {
      onChosen?.(file);
      setStatus({ state: 'uploading', percent: 0, name: file.name, loaded: 0, total: file.size });
      try {
        const stored = await uploadFile(
          file,
          kind,
          // The request carries the multipart framing too: the bytes shown are the file's share of what was sent.
          (percent, loaded, total) =>
            setStatus({
              state: 'uploading',
              percent,
              name: file.name,
              loaded: Math.min(file.size, Math.round((loaded / total) * file.size)),
              total: file.size,
            }),
          aborter.current.signal,
        );
        onUploaded(stored);
        setStatus({ state: 'done', name: `${stored.name} (${formatFileSize(stored.size)})` });
      } catch (failure) {
        // Cancelled by the person (or the page left): nothing was stored, nothing to report.
        if (failure instanceof DOMException && failure.name === 'AbortError') return setStatus({ state: 'idle' });
        setProblems([failure instanceof Error ? failure.message : t('upload.failed')]);
        return setStatus({ state: 'idle' });
      }
    }
  }

  const messages = [...problems, ...(error ? [error] : [])];
  const percent = status.state === 'uploading' ? status.percent : 100;
  const inputProps: ComponentPropsWithoutRef<'input'> & { 'data-testid': string } = {
    'aria-label': label,
    'data-testid': `${testId}-input`,
  };
  return (
    <Input.Wrapper
      label={label}
      description={t('upload.hint', {
        types: formatsOf(rules.accept),
        size: formatFileSize(rules.maxKilobytes * 1024),
      })}
      id={id}
      data-testid={testId}
    >
      <Stack gap="xs" mt={6}>
        <Group gap="sm">
          <FileButton
            onChange={(files) => void handle(files)}
            accept={rules.accept}
            multiple={multiple}
            disabled={disabled || busy}
            inputProps={inputProps}
            resetRef={resetInput}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={busy}
                disabled={disabled}
                aria-describedby={messages.length > 0 ? `${id}-errors` : undefined}
              >
                {t('upload.choose')}
              </Button>
            )}
          </FileButton>
          {status.state !== 'idle' && (
            <Text fz="sm" c="dimmed" data-testid={`${testId}-name`}>
              {status.state === 'done' ? t('upload.done', { name: status.name }) : status.name}
            </Text>
          )}
        </Group>
        {status.state !== 'idle' && (
          <Group gap="xs" wrap="nowrap">
            <Progress
              value={percent}
              flex={1}
              size="md"
              animated={busy}
              aria-label={t('upload.progress')}
              data-testid={`${testId}-progress`}
            />
            <Text fz="xs" c="dimmed" w={40} ta="right" aria-hidden>
              {t('upload.percent', { value: percent })}
            </Text>
          </Group>
        )}
        {status.state === 'uploading' && (
          <Group gap="sm" justify="space-between" wrap="nowrap">
            <Text fz="xs" c="dimmed" data-testid={`${testId}-bytes`}>
              {`${formatFileSize(status.loaded)} / ${formatFileSize(status.total)}`}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              color="danger"
              onClick={() => aborter.current?.abort()}
              data-testid={`${testId}-cancel`}
            >
              {t('resource.cancel')}
            </Button>
          </Group>
        )}
        {messages.length > 0 && (
          <Stack gap={2} id={`${id}-errors`} role="alert" data-testid={`${testId}-error`}>
            {messages.map((message) => (
              <Input.Error key={message}>{message}</Input.Error>
            ))}
          </Stack>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

interface CoverFieldProps {
  label: string;
  /** The stored image's address, or null. */
  value: string | null | undefined;
  onChange(url: string | null): void;
  onBusyChange?(busy: boolean): void;
  error?: string | null;
  /** Describes the preview when it says more than the label (empty: decorative). */
  previewAlt?: string;
  /**
   * A private image (`private_image`, seen by a record's audience only): the address to preview it by, the signed
   * one the server gave with the saved record while `value` is still that record's (null: no preview, as for a new
   * upload, whose private address cannot be shown before it is saved; the upload field names it).
   */
  signedPreview?: { url: string | null; src: string | null };
  description?: string;
  /** Whether the image may be taken away (false where the record needs one). */
  removable?: boolean;
  testId: string;
}

/**
 * A cover image: upload, a 16:9 preview of the one stored, and its removal. With `signedPreview` it is a private
 * image, previewed through the signed address of the saved record.
 */
export function CoverField({
  label,
  value,
  onChange,
  onBusyChange,
  error,
  previewAlt = '',
  signedPreview,
  description,
  removable = true,
  testId,
}: CoverFieldProps) {
  const { t } = useTranslation();
  const preview = signedPreview ? (value && value === signedPreview.url ? signedPreview.src : null) : value;
  return (
    <Stack gap="xs">
      <UploadField
        kind={signedPreview ? 'private_image' : 'cover'}
        label={label}
        onUploaded={(file) => onChange(file.url)}
        onBusyChange={onBusyChange}
        error={error}
        testId={testId}
      />
      {description && (
        <Text fz="xs" c="dimmed">
          {description}
        </Text>
      )}
      {preview && (
        <Group gap="sm" align="flex-end">
          <Image src={preview} alt={previewAlt} w={192} h={108} radius="md" fit="cover" />
          {removable && (
            <Button variant="subtle" color="danger" size="xs" onClick={() => onChange(null)}>
              {t('upload.image_remove')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
