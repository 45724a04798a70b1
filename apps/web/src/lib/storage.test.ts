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
