import { APP_VERSION, SEALED_STORAGE, STORAGE_PREFIX } from '@kampus/shared';

/** Everything Kampus keeps in the browser (spec §3 "Storage keys"). */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  user: 'user',
  language: 'language',
  /** The language the app last started in, so the next start asks for that language's texts at once. */
  lastLanguage: 'last_language',
  redirect: 'redirect',
  noticeShown: 'notice_shown',
  chatSession: 'chatbot_session_id',
  impersonatorSession: 'impersonator_session',
  companyId: 'company_id',
  version: 'version',
  /** The columns hidden in each admin table, by table id. */
  tableColumns: 'table_columns',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const { database: KEY_DB, store: KEY_STORE, key: KEY_NAME, deflated: DEFLATED } = SEALED_STORAGE;

/**
 * Values are compressed (deflate, by the browser's CompressionStream), then encrypted with AES-GCM under a key that
 * never leaves the browser's crypto store: it is generated non-extractable and kept in IndexedDB, so the stored text alone reveals nothing.
 * Reads are synchronous from memory after init(); writes reach localStorage in the background.
 */
export interface SecureStorage {
  init(): Promise<void>;
  get<T = string>(key: StorageKey): T | null;
  set(key: StorageKey, value: unknown): Promise<void>;
  remove(key: StorageKey): void;
  clearAuth(): void;
}

function openKeyStore(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(KEY_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(KEY_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
}

async function loadOrCreateKey(): Promise<CryptoKey> {
  const db = await openKeyStore();
  const read = (): Promise<CryptoKey | undefined> =>
    new Promise((resolve) => {
      if (!db) return resolve(undefined);
      const request = db.transaction(KEY_STORE).objectStore(KEY_STORE).get(KEY_NAME);
      request.onsuccess = () => resolve(request.result as CryptoKey | undefined);
      request.onerror = () => resolve(undefined);
    });
  const existing = await read();
  if (existing) return existing;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await new Promise<void>((resolve) => {
    if (!db) return resolve();
    const tx = db.transaction(KEY_STORE, 'readwrite');
    tx.objectStore(KEY_STORE).put(key, KEY_NAME);
    tx.oncomplete = () => resolve();
    tx.onerror = () => resolve();
  });
  return key;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** Runs bytes through the browser's own (de)compression stream: no library on the first screen (issue 11). */
async function throughStream(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  // Written and closed without waiting: the stream takes more only as the reader below drains it.
  writer.write(bytes as BufferSource).catch(() => undefined);
  writer.close().catch(() => undefined);
  return new Uint8Array(await new Response(stream.readable).arrayBuffer());
}

/*
 * A value is `DEFLATED iv.sealed`, deflated by the browser before sealing; one without the mark was written by an
 * older version of the app, lz-string inside.
 */

export async function encrypt(key: CryptoKey, value: unknown): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = await throughStream(
    new TextEncoder().encode(JSON.stringify(value)),
    new CompressionStream('deflate-raw'),
  );
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain as BufferSource));
  return `${DEFLATED}${toBase64(iv)}.${toBase64(sealed)}`;
}

export async function decrypt<T>(key: CryptoKey, text: string): Promise<T> {
  const deflated = text.startsWith(DEFLATED);
  const [iv = '', sealed = ''] = (deflated ? text.slice(DEFLATED.length) : text).split('.');
  const plain = new Uint8Array(
    await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(iv) }, key, fromBase64(sealed)),
  );
  if (deflated) {
    const json = new TextDecoder().decode(await throughStream(plain, new DecompressionStream('deflate-raw')));
    return JSON.parse(json) as T;
  }
  // Written by an earlier version of the app: lz-string, loaded only for such a value (rewritten on the next set).
  const { decompressFromUTF16 } = await import('lz-string');
  return JSON.parse(decompressFromUTF16(new TextDecoder().decode(plain))) as T;
}

export function createSecureStorage(backend: Storage = localStorage): SecureStorage {
  const memory = new Map<string, unknown>();
  let keyPromise: Promise<CryptoKey> | undefined;
  const key = () => {
    keyPromise ??= loadOrCreateKey();
    return keyPromise;
  };

  return {
    async init() {
      const cryptoKey = await key();
      for (let i = 0; i < backend.length; i++) {
        const name = backend.key(i);
        if (!name?.startsWith(STORAGE_PREFIX)) continue;
        const raw = backend.getItem(name);
        if (raw === null) continue;
        // A value sealed under a lost key (cleared site data) cannot be read; it is dropped, never trusted.
        await decrypt(cryptoKey, raw).then(
          (value) => memory.set(name.slice(STORAGE_PREFIX.length), value),
          () => backend.removeItem(name),
        );
      }
      if (memory.get(STORAGE_KEYS.version) !== APP_VERSION) await this.set(STORAGE_KEYS.version, APP_VERSION);
    },
    get<T>(name: StorageKey) {
      return (memory.has(name) ? memory.get(name) : null) as T | null;
    },
    async set(name, value) {
      memory.set(name, value);
      backend.setItem(STORAGE_PREFIX + name, await encrypt(await key(), value));
    },
    remove(name) {
      memory.delete(name);
      backend.removeItem(STORAGE_PREFIX + name);
    },
    clearAuth() {
      for (const name of [
        STORAGE_KEYS.token,
        STORAGE_KEYS.refreshToken,
        STORAGE_KEYS.user,
        STORAGE_KEYS.impersonatorSession,
      ]) {
        this.remove(name);
      }
    },
  };
}

export const storage = createSecureStorage(globalThis.localStorage);
