import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** A real 1×1 PNG (transparent pixel), so its magic bytes are those of a PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF_BYTES = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export interface Part {
  field?: string;
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(parts: Part[], fields: Record<string, string> = {}) {
  const boundary = `----kampus${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const part of parts) {
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'files[]'}"; ` +
      `filename="${part.name}"\r\nContent-Type: ${part.type}\r\n\r\n`;
    chunks.push(Buffer.from(head), part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadOptions {
  host: string;
  token?: string;
  kind?: string;
  lang?: string;
}

/** POST api/uploads with the given files. */
export function upload(app: FastifyInstance, parts: Part[], options: UploadOptions): Promise<LightMyRequestResponse> {
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    query: options.kind === undefined ? { kind: 'avatar' } : options.kind === '' ? {} : { kind: options.kind },
    headers: {
      host: options.host,
      'content-type': body.contentType,
      'x-content-language': options.lang ?? 'en',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    payload: body.payload,
  });
}

/** Uploads a PNG avatar and answers the address the server issued for it. */
export async function uploadAvatar(app: FastifyInstance, host: string, token: string): Promise<string> {
  const response = await upload(app, [{ name: 'avatar.png', type: 'image/png', data: PNG_BYTES }], { host, token });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().data[0].url as string;
}
