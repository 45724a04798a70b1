import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer serialized once, with its ETag and, when worth it, its Brotli and gzip forms made once too. */
export interface PrecompressedJson {
  body: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** Below this a compressed copy saves less than its headers cost. */
const MIN_COMPRESSED_BYTES = 1024;

export function precompressJson(value: unknown, brotliQuality = 9): PrecompressedJson {
  const body = JSON.stringify(value);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  if (Buffer.byteLength(body) < MIN_COMPRESSED_BYTES) return { body, etag };
  return {
    body,
    etag,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

/**
 * Sends a precompressed answer: 304 to a browser holding its ETag, else Brotli or gzip as the browser accepts (no
 * compression work per request), else the plain body.
 */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, answer: PrecompressedJson) {
  reply.header('etag', answer.etag).header('vary', 'accept-encoding');
  // No body at all: a serialized `null` would be one.
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send(undefined as never);
  reply.type('application/json; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (answer.br && /\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(answer.br as never);
  if (answer.gzip && /\bgzip\b/.test(accepted)) {
    return reply.header('content-encoding', 'gzip').send(answer.gzip as never);
  }
  return reply.send(answer.body as never);
}
