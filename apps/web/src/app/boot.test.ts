import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, storage } from '../lib/storage.js';
import { loadBoot } from './boot.js';

function serve(company: { default_language: string } | null, stored: Record<string, string> = {}) {
  vi.spyOn(storage, 'get').mockImplementation(((key: string) => stored[key] ?? null) as typeof storage.get);
  const set = vi.spyOn(storage, 'set').mockResolvedValue();
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/api/company/self')
        return company ? Response.json({ data: company }) : new Response('', { status: 404 });
      const language = new URL(url, 'http://x').searchParams.get('language') ?? '';
      return Response.json({ languages: [], translations: { [language]: { app: { name: language } } } });
    }),
  );
  return { urls, set };
}

beforeEach(() => {
  // The page as the server sends it to the marketing host: no language of its own.
  document.documentElement.lang = '';
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: clearing what the code under test wrote
  document.cookie = 'kampus_language=; path=/; max-age=0';
});

describe('loadBoot (issue 11: only the current language is loaded)', () => {
  it('reads the company the server wrote into the page instead of asking for it', async () => {
    const { urls } = serve(null);
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'kampus-company';
    script.textContent = JSON.stringify({ data: { name: 'Acme \u003c/script>', default_language: 'en' } });
    document.head.append(script);
    try {
      const boot = await loadBoot();
      expect(boot.company?.name).toBe('Acme </script>');
      expect(boot.language).toBe('en');
      expect(urls).toEqual(['/api/localization?language=tr', '/api/localization?language=en']);
    } finally {
      script.remove();
    }
  });

  it('asks for tr beside the company on a first visit to a tr company', async () => {
    const { urls, set } = serve({ default_language: 'tr' });
    const boot = await loadBoot();
    expect(boot.language).toBe('tr');
    expect(Object.keys(boot.localization.translations)).toEqual(['tr']);
    expect(urls).toEqual(['/api/company/self', '/api/localization?language=tr']);
    expect(set).not.toHaveBeenCalled();
  });

  it("asks again for the company's default when the guess was wrong, and remembers it for the next start", async () => {
    const { urls, set } = serve({ default_language: 'de' });
    const boot = await loadBoot();
    expect(boot.language).toBe('de');
    expect(Object.keys(boot.localization.translations)).toEqual(['de']);
    expect(urls).toEqual(['/api/company/self', '/api/localization?language=tr', '/api/localization?language=de']);
    expect(set).toHaveBeenCalledWith(STORAGE_KEYS.lastLanguage, 'de');
  });

  it('asks for the stored language at once, whatever the company default', async () => {
    const { urls } = serve({ default_language: 'de' }, { [STORAGE_KEYS.language]: 'az' });
    const boot = await loadBoot();
    expect(boot.language).toBe('az');
    expect(urls).toEqual(['/api/company/self', '/api/localization?language=az']);
  });

  it('starts in the last language without a second request', async () => {
    const { urls } = serve({ default_language: 'en' }, { [STORAGE_KEYS.lastLanguage]: 'en' });
    expect((await loadBoot()).language).toBe('en');
    expect(urls).toEqual(['/api/company/self', '/api/localization?language=en']);
  });

  it("asks first for the page's language, which the server sets to the company default, and remembers the start in a cookie", async () => {
    document.documentElement.lang = 'de';
    const { urls } = serve({ default_language: 'de' });
    expect((await loadBoot()).language).toBe('de');
    expect(urls).toEqual(['/api/company/self', '/api/localization?language=de']);
    expect(document.cookie).toContain('kampus_language=de');
  });

  it('falls back to tr on the marketing host', async () => {
    const { urls } = serve(null);
    const boot = await loadBoot();
    expect(boot.company).toBeNull();
    expect(boot.language).toBe('tr');
    expect(urls).toHaveLength(2);
  });
});
