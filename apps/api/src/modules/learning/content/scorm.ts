import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ScormPackage, ScormVersion } from '@kampus/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';
import { z } from 'zod';
import { contentVersions } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Platform } from '../../../platform/deps.js';
import { companyOf } from '../../../platform/http/context.js';
import { forbidden, HttpError, invalidFields, notFound } from '../../../platform/http/errors.js';
import type { FileStorage } from '../../../platform/storage.js';
import { storedNameOf } from '../../../platform/uploads.js';

/**
 * SCORM packages (issue 12): the uploaded zip is checked once (inspectScormPackage) and then served entry by entry
 * straight out of the stored zip (registerScormRoutes) to the learner the player signed an address for; what the
 * package's runtime commits maps to progress through cmiToProgress. Product decisions: docs/features/learning.md
 * ("SCORM").
 */

// ---------------------------------------------------------------------------------------------------------------
// Limits

export interface ScormLimits {
  /** Entries a package may hold (files and folders). */
  entries: number;
  /** Bytes all entries may unpack to together. */
  totalBytes: number;
  /** Bytes the manifest may unpack to. */
  manifestBytes: number;
  /** Largest unpacked ÷ packed size of one entry: a real course's HTML, scripts and media stay far below it. */
  ratio: number;
  /** Entries smaller than this unpacked are not held to the ratio (a few KB of blank text compresses very well). */
  ratioFromBytes: number;
}

const MB = 1024 * 1024;

export const SCORM_LIMITS: ScormLimits = {
  entries: 10_000,
  totalBytes: 2 * 1024 * MB,
  manifestBytes: 4 * MB,
  ratio: 200,
  ratioFromBytes: MB,
};

/** A package refused: the `scorm.*` locale key answered 422 under `file_url`. */
const refuse = (key: string) => invalidFields({ file_url: `scorm.${key}` });

// ---------------------------------------------------------------------------------------------------------------
// Reading a stored zip through range reads

const BLOCK = 64 * 1024;
const BLOCKS_KEPT = 4;

/**
 * yauzl's random-access reader over FileStorage range reads, so a zip on local disk or S3 is read where its
 * central directory and entries lie, never downloaded or held whole. Small reads (the central directory, local
 * headers) are served from a few cached 64 KB blocks: one range request per block instead of two per entry.
 */
class StorageReader extends yauzl.RandomAccessReader {
  private readonly blocks = new Map<number, Promise<Buffer>>();

  constructor(
    private readonly storage: FileStorage,
    private readonly companyId: number,
    private readonly name: string,
    private readonly size: number,
  ) {
    super();
  }

  /** Bytes start (included) to end (excluded), as yauzl asks; the storage's ranges include both ends. */
  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (end <= start) {
      out.end();
      return out;
    }
    this.storage
      .open(this.companyId, this.name, { start, end: end - 1 })
      .then((opened) => {
        if (!opened) throw new Error(`stored zip ${this.name} is gone`);
        return pipeline(opened.body, out);
      })
      .catch((error: Error) => out.destroy(error));
    return out;
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null) => void,
  ): void {
    if (length > BLOCK) {
      super.read(buffer, offset, length, position, callback);
      return;
    }
    this.copyBlocks(buffer, offset, length, position).then(
      () => callback(null),
      (error: Error) => callback(error),
    );
  }

  private async copyBlocks(buffer: Buffer, offset: number, length: number, position: number): Promise<void> {
    let copied = 0;
    while (copied < length) {
      const at = position + copied;
      const index = Math.floor(at / BLOCK);
      const block = await this.block(index);
      const from = at - index * BLOCK;
      const count = Math.min(length - copied, block.length - from);
      if (count <= 0) throw new Error('unexpected end of the stored zip');
      block.copy(buffer, offset + copied, from, from + count);
      copied += count;
    }
  }

  private block(index: number): Promise<Buffer> {
    const cached = this.blocks.get(index);
    if (cached) {
      this.blocks.delete(index);
      this.blocks.set(index, cached);
      return cached;
    }
    const start = index * BLOCK;
    const loading = (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of this._readStreamForRange(start, Math.min(start + BLOCK, this.size))) {
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    })();
    loading.catch(() => this.blocks.delete(index));
    this.blocks.set(index, loading);
    if (this.blocks.size > BLOCKS_KEPT) this.blocks.delete(this.blocks.keys().next().value as number);
    return loading;
  }
}

/** yauzl's messages for entry names it refuses to decode (zip-slip and the like), with strictFileNames on. */
const UNSAFE_NAME_ERROR = /invalid characters in fileName|absolute path|invalid relative path/;

/**
 * An entry name safe to serve from the package's root: relative, forward slashes only, no `.`/`..` segment, no drive
 * letter or control character. yauzl checks most of it already; this is the rule the serving route applies to the
 * paths it is asked for as well.
 */
export function isSafeEntryPath(path: string): boolean {
  if (path === '' || path.startsWith('/') || path.includes('\\')) return false;
  if (/^[a-zA-Z]:/.test(path) || /[\p{Cc}]/u.test(path)) return false;
  return path
    .split('/')
    .every((segment, i, all) => segment !== '..' && segment !== '.' && (segment !== '' || i === all.length - 1));
}

interface OpenedZip {
  zip: yauzl.ZipFile;
  /** File entries (folders left out) by their path inside the package. */
  entries: Map<string, yauzl.Entry>;
}

function openZip(storage: FileStorage, companyId: number, name: string, size: number): Promise<yauzl.ZipFile> {
  const reader = new StorageReader(storage, companyId, name, size);
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      reader,
      size,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    );
  });
}

/** Every entry of the central directory, checked one by one as it is read: the first broken rule refuses. */
function readEntries(zip: yauzl.ZipFile, limits: ScormLimits): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  let count = 0;
  let total = 0;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      zip.close();
      reject(error);
    };
    zip.on('error', (error: Error) =>
      fail(UNSAFE_NAME_ERROR.test(error.message) ? refuse('unsafe_path') : refuse('not_a_zip')),
    );
    zip.on('end', () => {
      settled = true;
      resolve(entries);
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      count += 1;
      total += entry.uncompressedSize;
      const problem = entryProblem(entry, count, total, limits);
      if (problem) return fail(refuse(problem));
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/** The locale key (under `scorm.`) of the rule an entry breaks, or null. */
function entryProblem(entry: yauzl.Entry, count: number, total: number, limits: ScormLimits): string | null {
  if (!isSafeEntryPath(entry.fileName)) return 'unsafe_path';
  if (count > limits.entries) return 'too_many_entries';
  if (total > limits.totalBytes) return 'too_large';
  if (entry.isEncrypted()) return 'encrypted';
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) return 'unsupported_entry';
  const packed = Math.max(entry.compressedSize, 1);
  if (entry.uncompressedSize >= limits.ratioFromBytes && entry.uncompressedSize / packed > limits.ratio) {
    return 'suspicious_compression';
  }
  return null;
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The manifest

const ADLCP_12 = 'http://www.adlnet.org/xsd/adlcp_rootv1p2';
const ADLCP_2004 = 'http://www.adlnet.org/xsd/adlcp_v1p3';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

interface ManifestItem {
  identifierref: string | null;
  parameters: string;
  depth: number;
}

/** What the launch needs of imsmanifest.xml, gathered in one streaming pass. */
interface ManifestFacts {
  schemaVersion: string | null;
  namespaces: Set<string>;
  defaultOrganization: string | null;
  /** Per organization (in document order): its title and its items with a resource, depth first. */
  organizations: { identifier: string; title: string | null; items: ManifestItem[] }[];
  resources: Map<string, { href: string | null; base: string; scormType: string | null }>;
  resourcesBase: string;
}

/** Element local names with the text the facts need; everything else in the manifest is passed over. */
function manifestParser(facts: ManifestFacts) {
  const parser = new SaxesParser({ xmlns: true });
  const stack: string[] = [];
  let text = '';
  let organization: ManifestFacts['organizations'][number] | null = null;
  let itemDepth = 0;

  parser.on('opentag', (tag) => {
    stack.push(tag.local);
    text = '';
    for (const ns of Object.values(tag.ns ?? {})) facts.namespaces.add(ns);
    if (tag.uri) facts.namespaces.add(tag.uri);
    const attr = (local: string) => {
      const found = Object.values(tag.attributes).find((a) => typeof a === 'object' && a.local === local);
      return typeof found === 'object' ? found.value : null;
    };
    const xmlBase = () => {
      const found = Object.values(tag.attributes).find(
        (a) => typeof a === 'object' && a.uri === XML_NS && a.local === 'base',
      );
      return typeof found === 'object' ? found.value : '';
    };
    if (tag.local === 'organizations') facts.defaultOrganization = attr('default');
    if (tag.local === 'organization' && !organization) {
      organization = { identifier: attr('identifier') ?? '', title: null, items: [] };
      facts.organizations.push(organization);
    }
    if (tag.local === 'item' && organization) {
      itemDepth += 1;
      organization.items.push({
        identifierref: attr('identifierref'),
        parameters: attr('parameters') ?? '',
        depth: itemDepth,
      });
    }
    if (tag.local === 'resources') facts.resourcesBase = xmlBase();
    if (tag.local === 'resource') {
      facts.resources.set(attr('identifier') ?? '', {
        href: attr('href'),
        base: xmlBase(),
        scormType: (attr('scormType') ?? attr('scormtype'))?.toLowerCase() ?? null,
      });
    }
  });
  parser.on('text', (value) => {
    text += value;
  });
  parser.on('cdata', (value) => {
    text += value;
  });
  parser.on('closetag', (tag) => {
    const parent = stack[stack.length - 2];
    if (tag.local === 'schemaversion' && facts.schemaVersion === null) facts.schemaVersion = text.trim();
    // The organization's own title (a direct child), not an item's.
    if (tag.local === 'title' && parent === 'organization' && organization && organization.title === null) {
      organization.title = text.trim() || null;
    }
    if (tag.local === 'item') itemDepth -= 1;
    if (tag.local === 'organization') organization = null;
    stack.pop();
    text = '';
  });
  return parser;
}

async function readManifest(stream: Readable, limits: ScormLimits): Promise<ManifestFacts> {
  const facts: ManifestFacts = {
    schemaVersion: null,
    namespaces: new Set(),
    defaultOrganization: null,
    organizations: [],
    resources: new Map(),
    resourcesBase: '',
  };
  const parser = manifestParser(facts);
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  try {
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
      if (bytes > limits.manifestBytes) throw refuse('manifest_invalid');
      parser.write(decoder.decode(chunk as Buffer, { stream: true }));
    }
    parser.write(decoder.decode()).close();
  } catch (error) {
    stream.destroy();
    if (error instanceof HttpError) throw error;
    throw refuse('manifest_invalid');
  }
  return facts;
}

/** The edition the manifest declares: its schemaversion first, else the ADL namespace it binds. */
export function scormVersionOf(schemaVersion: string | null, namespaces: Set<string>): ScormVersion | null {
  const declared = (schemaVersion ?? '').toLowerCase();
  if (declared === '1.2') return '1.2';
  if (/^(?:2004\b|cam 1\.3$)/.test(declared)) return '2004';
  if (declared) return null;
  if (namespaces.has(ADLCP_2004)) return '2004';
  if (namespaces.has(ADLCP_12)) return '1.2';
  return null;
}

/** A manifest href joined to the xml:base values before it (each a folder when it ends with a slash). */
function joinBase(bases: string[], href: string): string {
  return bases.reduce((path, base) => (base ? `${path}${base.endsWith('/') ? base : `${base}/`}` : path), '') + href;
}

/**
 * The launch page: the default organization's (else the first's) first item that names a resource with an href;
 * without organizations, the first SCO resource. The item's `parameters` are kept (a query string or fragment).
 */
function launchOf(facts: ManifestFacts): { launch: string; title: string | null } | null {
  const organization =
    facts.organizations.find((o) => o.identifier === facts.defaultOrganization) ?? facts.organizations[0];
  const resourceHref = (id: string | null) => {
    const resource = id === null ? undefined : facts.resources.get(id);
    return resource?.href ? joinBase([facts.resourcesBase, resource.base], resource.href) : null;
  };
  for (const item of organization?.items ?? []) {
    const href = resourceHref(item.identifierref);
    if (href) return { launch: withParameters(href, item.parameters), title: organization?.title ?? null };
  }
  if (organization) return null;
  const sco = [...facts.resources.entries()].find(([, r]) => r.href && r.scormType === 'sco');
  return sco ? { launch: resourceHref(sco[0]) ?? '', title: null } : null;
}

function withParameters(href: string, parameters: string): string {
  const trimmed = parameters.trim();
  if (!trimmed) return href;
  if (trimmed.startsWith('#')) return `${href}${trimmed}`;
  const query = trimmed.replace(/^[?&]/, '');
  return `${href}${href.includes('?') ? '&' : '?'}${query}`;
}

/** The package path of a launch address: without its query or fragment, percent-escapes decoded. */
export function launchPathOf(launch: string): string | null {
  const path = launch.split(/[?#]/)[0] ?? '';
  try {
    return decodeURIComponent(path.replace(/^\.\//, ''));
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Inspecting an upload

/**
 * Checks an uploaded SCORM zip (kind `scorm`) and answers what it declares. Refuses with a 422 on `file_url`: not a
 * zip, an unsafe entry name (zip-slip), too many entries, too many bytes unpacked or a suspicious compression ratio
 * (zip bomb), an encrypted or unsupported entry, no imsmanifest.xml at the root, a manifest that is not XML, an
 * edition other than 1.2 or 2004, no launch page or one missing from the zip.
 */
export async function inspectScormPackage(
  storage: FileStorage,
  companyId: number,
  storedName: string,
  limits: ScormLimits = SCORM_LIMITS,
): Promise<ScormPackage> {
  const info = await storage.stat(companyId, storedName);
  if (!info) throw refuse('file_missing');
  const zip = await openZip(storage, companyId, storedName, info.size).catch(() => {
    throw refuse('not_a_zip');
  });
  try {
    const entries = await readEntries(zip, limits);
    const manifestEntry = entries.get('imsmanifest.xml');
    if (!manifestEntry) throw refuse('no_manifest');
    const facts = await readManifest(await openEntry(zip, manifestEntry), limits);
    const version = scormVersionOf(facts.schemaVersion, facts.namespaces);
    if (!version) throw refuse('unknown_version');
    const found = launchOf(facts);
    const path = found ? launchPathOf(found.launch) : null;
    if (!found || !path || !isSafeEntryPath(path) || !entries.has(path)) throw refuse('launch_missing');
    return { version, launch: found.launch.replace(/^\.\//, ''), title: found.title };
  } finally {
    zip.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Launch addresses

/** How long a launch address works: a long course is played in one sitting without its pages breaking. */
export const SCORM_LAUNCH_TTL_SECONDS = 4 * 3600;
export const SCORM_PATH = '/api/scorm/';

interface LaunchClaims {
  companyId: number;
  versionId: number;
  userId: number;
}

type ScormSecretDeps = Pick<Platform, 'config'>;

const keys = new Map<string, Buffer>();
/** Derived from JWT_SECRET for this one use, as the file signer does: a launch token never stands in for another. */
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'kampus', 'kampus.scorm.launch', 32));
    keys.set(secret, key);
  }
  return key;
}

const signatureOf = (key: Buffer, claims: LaunchClaims, expires: number) =>
  createHmac('sha256', key)
    .update(`${claims.companyId}\n${claims.versionId}\n${claims.userId}\n${expires}`)
    .digest('base64url');

/** `{userId}.{expires}.{signature}`: the path segment that lets a package's relative links work without a header. */
export function signScormToken(deps: ScormSecretDeps, claims: LaunchClaims, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + SCORM_LAUNCH_TTL_SECONDS;
  return `${claims.userId}.${expires}.${signatureOf(keyOf(deps.config.JWT_SECRET), claims, expires)}`;
}

/** The user the token was signed for when it names this company and version and has not expired; else null. */
export function verifyScormToken(
  deps: ScormSecretDeps,
  companyId: number,
  versionId: number,
  token: string,
  now = new Date(),
): number | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expires = Number(match[2]);
  if (expires * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(signatureOf(keyOf(deps.config.JWT_SECRET), { companyId, versionId, userId }, expires));
  const given = Buffer.from(match[3] ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/**
 * The address the player's iframe opens: the launch page under `/api/scorm/{versionId}/{token}/`, signed for this
 * person. Call it only for someone found allowed to play the version (enrolled, or an admin previewing).
 */
export function scormLaunchUrl(deps: ScormSecretDeps, options: LaunchClaims & { launch: string; now?: Date }): string {
  const { launch, now, ...claims } = options;
  return `${SCORM_PATH}${claims.versionId}/${signScormToken(deps, claims, now)}/${launch}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Serving

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  xhtml: 'application/xhtml+xml; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  xsd: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  oga: 'audio/ogg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  pdf: 'application/pdf',
  wasm: 'application/wasm',
};

/** The content type of a package file by its extension; an unknown one is served as bytes, never sniffed. */
export function contentTypeOf(path: string): string {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[extension] ?? 'application/octet-stream';
}

/**
 * The policy of a package's pages. Authoring tools write inline scripts and often eval, so scripts run; what a page
 * may reach is this origin (its own files) and https media and fonts; it is framed only by the app (frame-ancestors)
 * and never navigates the top window (the player's sandbox). See docs/features/learning.md, "SCORM", for what it
 * cannot stop.
 */
export const SCORM_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:",
  "style-src 'self' 'unsafe-inline' https:",
  "img-src 'self' data: blob: https:",
  "media-src 'self' data: blob: https:",
  "font-src 'self' data: https:",
  "connect-src 'self'",
  "frame-src 'self' https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** Opened packages kept per node: the central directory is read once, not on each of a lesson's requests. */
const OPENED_KEPT = 16;

export type ScormDeps = Pick<Platform, 'config' | 'database' | 'files'>;

/** The stored zip of a SCORM version of the company, or null (another company's, not SCORM, deleted). */
async function storedZipOf(deps: ScormDeps, companyId: number, versionId: number): Promise<string | null> {
  const [version] = await inTenant(deps.database.db, companyId, (tx) =>
    tx
      .select({ fileUrl: contentVersions.fileUrl, scorm: contentVersions.scorm })
      .from(contentVersions)
      .where(eq(contentVersions.id, versionId)),
  );
  return version?.scorm && version.fileUrl ? storedNameOf(version.fileUrl) : null;
}

function packageCache(deps: ScormDeps) {
  const opened = new Map<string, Promise<OpenedZip>>();

  async function load(companyId: number, name: string): Promise<OpenedZip> {
    const info = await deps.files.stat(companyId, name);
    if (!info) throw notFound();
    const zip = await openZip(deps.files, companyId, name, info.size);
    // Checked when it was uploaded; the limits still bound what a node keeps in memory.
    return { zip, entries: await readEntries(zip, SCORM_LIMITS) };
  }

  return {
    get(companyId: number, name: string): Promise<OpenedZip> {
      const key = `${companyId}/${name}`;
      let entry = opened.get(key);
      if (entry) {
        opened.delete(key);
      } else {
        entry = load(companyId, name);
        entry.catch(() => opened.delete(key));
      }
      opened.set(key, entry);
      if (opened.size > OPENED_KEPT) {
        const [oldestKey, oldest] = opened.entries().next().value as [string, Promise<OpenedZip>];
        opened.delete(oldestKey);
        oldest.then(({ zip }) => zip.close()).catch(() => {});
      }
      return entry;
    },
    close() {
      for (const entry of opened.values()) entry.then(({ zip }) => zip.close()).catch(() => {});
      opened.clear();
    },
  };
}

/**
 * GET /api/scorm/{versionId}/{token}/{path}: a file of the package, on the company's host, for the person the token
 * was signed for. Public as far as the access pipeline goes (an iframe's page, its scripts and images send no
 * Authorization header): the signed token in the path is the permission. 404 for a version the host's company does
 * not have or a path not in the package; 403 for a forged or expired token.
 */
export function registerScormRoutes(app: FastifyInstance, deps: ScormDeps): void {
  const packages = packageCache(deps);
  app.addHook('onClose', async () => packages.close());

  app.withTypeProvider<ZodTypeProvider>().get(
    `${SCORM_PATH}:versionId/:token/*`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        params: z.object({
          versionId: z.coerce
            .number()
            .int()
            .positive()
            .max(2 ** 31 - 1),
          token: z.string().max(100),
          '*': z.string().max(1000),
        }),
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request).id;
      const { versionId, token } = request.params;
      const path = request.params['*'];
      const name = await storedZipOf(deps, companyId, versionId);
      if (!name) throw notFound();
      if (verifyScormToken(deps, companyId, versionId, token) === null) throw forbidden('scorm.link_invalid');
      if (!isSafeEntryPath(path)) throw notFound();
      const { zip, entries } = await packages.get(companyId, name);
      const entry = entries.get(path);
      if (!entry) throw notFound();
      const body = await openEntry(zip, entry);
      return reply
        .header('content-type', contentTypeOf(path))
        .header('content-length', entry.uncompressedSize)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', SCORM_CONTENT_SECURITY_POLICY)
        .header('cache-control', 'private, max-age=3600')
        .send(body);
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// CMI → progress

export interface ScormProgress {
  /** The learner finished the package (see docs/features/learning.md for how failed and passed count). */
  completed: boolean;
  /** 0–100, two decimals; null when the package reported no usable score. */
  score: number | null;
  success: 'passed' | 'failed' | null;
  /** The package's bookmark (lesson_location / location), for the record; the runtime restores it from the CMI. */
  location: string | null;
  /** SCORM 2004's progress_measure as a percentage, when the package reports it. */
  progress: number | null;
}

/**
 * A CMI element by its dot name, from the runtime's nested JSON (`{cmi: {core: {…}}}`, what ScormPlayer commits)
 * or from flattened keys (`{"cmi.core.lesson_status": …}`).
 */
function cmiValue(cmi: Record<string, unknown>, element: string): unknown {
  if (Object.hasOwn(cmi, element)) return cmi[element];
  let node: unknown = cmi;
  for (const part of element.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;

function numberOf(value: unknown): number | null {
  const text = textOf(value);
  if (text === null) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

const percent = (value: number) => Math.round(Math.min(100, Math.max(0, value)) * 100) / 100;

/** raw within min–max as a percentage; without a usable range, raw is read as a percentage already (the 1.2 habit). */
function rawScore(raw: number | null, min: number | null, max: number | null): number | null {
  if (raw === null) return null;
  const low = min ?? 0;
  const high = max ?? 100;
  if (high <= low) return percent(raw);
  return percent(((raw - low) / (high - low)) * 100);
}

function scormScore(version: ScormVersion, cmi: Record<string, unknown>): number | null {
  const base = version === '1.2' ? 'cmi.core.score' : 'cmi.score';
  const scaled = version === '2004' ? numberOf(cmiValue(cmi, 'cmi.score.scaled')) : null;
  if (scaled !== null) return percent(scaled * 100);
  return rawScore(
    numberOf(cmiValue(cmi, `${base}.raw`)),
    numberOf(cmiValue(cmi, `${base}.min`)),
    numberOf(cmiValue(cmi, `${base}.max`)),
  );
}

/**
 * What a package's committed CMI data means for the learner's progress. SCORM 1.2: lesson_status passed or
 * completed completes; failed is an attempt that did not pass (success failed, not completed) — the runtime applies
 * the mastery score before it commits. SCORM 2004: completion_status completed, or success_status passed, completes.
 */
export function cmiToProgress(version: ScormVersion, cmi: Record<string, unknown>): ScormProgress {
  const score = scormScore(version, cmi);
  if (version === '1.2') {
    const status = textOf(cmiValue(cmi, 'cmi.core.lesson_status'))?.toLowerCase() ?? null;
    return {
      completed: status === 'passed' || status === 'completed',
      score,
      success: status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : null,
      location: textOf(cmiValue(cmi, 'cmi.core.lesson_location')),
      progress: null,
    };
  }
  const completion = textOf(cmiValue(cmi, 'cmi.completion_status'))?.toLowerCase() ?? null;
  const success = textOf(cmiValue(cmi, 'cmi.success_status'))?.toLowerCase() ?? null;
  const measure = numberOf(cmiValue(cmi, 'cmi.progress_measure'));
  return {
    completed: completion === 'completed' || success === 'passed',
    score,
    success: success === 'passed' || success === 'failed' ? success : null,
    location: textOf(cmiValue(cmi, 'cmi.location')),
    progress: measure === null ? null : percent(measure * 100),
  };
}
