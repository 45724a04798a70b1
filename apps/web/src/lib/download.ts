import { extractErrorMessage } from '@kampus/shared';
import { http } from './api.js';
import { ApiError } from './http.js';
import { i18next } from './i18n.js';

/**
 * The file name a response names in its Content-Disposition: the RFC 5987 `filename*` (UTF-8, percent-encoded) wins
 * over the plain `filename`; path parts are dropped so a name can never point outside the download folder.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
    name = (plain?.[2] ?? plain?.[1] ?? '').trim() || null;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}

/** Saves a blob under a name through a temporary link, as the browser's own download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the address is released a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads a file the API produces (an export) with the session's headers, renewing an expired token once as every
 * other call does, and saves it under the name the server gives. Returns the saved name.
 */
export async function downloadFile(path: string, fallbackName: string, fetchImpl: typeof fetch = fetch) {
  const url = `/${path.replace(/^\/+/, '')}`;
  const send = () => fetchImpl(url, { headers: http.headers(path) });
  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && (await http.refresh())) response = await send();
  } catch {
    throw new ApiError(0, null, i18next.t('general.error_occurred'));
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new ApiError(response.status, body, extractErrorMessage(body, i18next.t('general.error_occurred')));
  }
  const name = fileNameFromDisposition(response.headers.get('Content-Disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}
