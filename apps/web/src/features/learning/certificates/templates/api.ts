import {
  type CertificateDesign,
  type CertificatePreviewFormat,
  certificateTemplatesContract,
  extractErrorMessage,
  type Locale,
} from '@kampus/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/api.js';
import { ApiError } from '../../../../lib/http.js';
import { i18next } from '../../../../lib/i18n.js';
import { contractResource } from '../../../../lib/resource.js';

/** `api/admin/certificate-templates` (issue 16). */
export const certificateTemplatesResource = contractResource(certificateTemplatesContract);

const base = `api/admin/${certificateTemplatesContract.plural}`;

/**
 * A rendered preview as a Blob, with the session's headers (renewing an expired token once, as every call does). A
 * refusal is an ApiError carrying the server's field errors, so the editor marks the fields it names.
 */
async function fetchPreview(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<Blob> {
  const send = () =>
    fetch(`/${path}`, {
      method: init.method,
      headers: (() => {
        const headers = http.headers(path);
        if (init.body !== undefined) headers.set('content-type', 'application/json');
        return headers;
      })(),
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
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
  return response.blob();
}

/** An unsaved design rendered by the server with the sample values (the editor's "preview PDF"). */
export const previewDesign = (design: CertificateDesign, format: CertificatePreviewFormat, language: Locale) =>
  fetchPreview(`${base}/preview?format=${format}&language=${language}`, { method: 'POST', body: design });

/** A blob as a `data:` address (the app's content security policy lets images load from data:, not blob:). */
const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/** A saved template's PNG preview as an image address (the list's thumbnails), fetched again when it changes. */
export function useTemplateThumbnail(id: number, version: string) {
  const query = useQuery({
    queryKey: [...certificateTemplatesResource.keys.all, 'thumbnail', id, version],
    queryFn: async () => dataUrlOf(await fetchPreview(`${base}/${id}/preview.png`, { method: 'GET' })),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
  return { url: query.data ?? null, isLoading: query.isLoading, isError: query.isError };
}
