import { compressToUTF16 } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { createSecureStorage, decrypt, encrypt, STORAGE_KEYS } from './storage.js';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('secure storage', () => {
  it('round-trips values through compression and AES-GCM', async () => {
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const value = { token: 'abc', menu: Array.from({ length: 50 }, (_, i) => ({ id: i, title: 'Görevlerim' })) };
    const sealed = await encrypt(key, value);
    expect(sealed).not.toContain('Görevlerim');
    expect(sealed).not.toContain('abc');
    await expect(decrypt(key, sealed)).resolves.toEqual(value);
    // Compressed before sealing: 50 repeated items take far fewer bytes than their JSON.
    expect(sealed.length).toBeLessThan(JSON.stringify(value).length / 2);
  });

  it('still reads a value an earlier version wrote (lz-string inside, no marker)', async () => {
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const plain = new TextEncoder().encode(compressToUTF16(JSON.stringify({ token: 'old' })));
    const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
    const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
    await expect(decrypt(key, `${base64(iv)}.${base64(sealed)}`)).resolves.toEqual({ token: 'old' });
  });

  it('stores nothing readable, records the app version, and clears only auth data', async () => {
    const backend = new MemoryStorage();
    const storage = createSecureStorage(backend);
    await storage.init();
    await storage.set(STORAGE_KEYS.token, 'secret-access-token');
    await storage.set(STORAGE_KEYS.language, 'de');
    expect(storage.get(STORAGE_KEYS.token)).toBe('secret-access-token');
    expect(storage.get(STORAGE_KEYS.version)).toBe('1.0.1');
    const raw = [...Array(backend.length).keys()].map((i) => backend.getItem(backend.key(i)!)).join('');
    expect(raw).not.toContain('secret-access-token');
    storage.clearAuth();
    expect(storage.get(STORAGE_KEYS.token)).toBeNull();
    expect(storage.get(STORAGE_KEYS.language)).toBe('de');
    expect(backend.getItem('kampus:token')).toBeNull();
  });

  it('drops values it cannot decrypt instead of trusting them', async () => {
    const backend = new MemoryStorage();
    backend.setItem('kampus:token', 'AAAA.BBBB');
    const storage = createSecureStorage(backend);
    await storage.init();
    expect(storage.get(STORAGE_KEYS.token)).toBeNull();
    expect(backend.getItem('kampus:token')).toBeNull();
  });
});
