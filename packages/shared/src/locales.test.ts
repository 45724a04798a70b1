import { describe, expect, it } from 'vitest';
import { LOCALES } from './constants.js';
import { translationKeys, translations } from './i18n.js';

describe('the four locales', () => {
  const reference = new Set(translationKeys(translations.tr));

  it.each(LOCALES.filter((code) => code !== 'tr'))('%s has exactly the keys of tr', (code) => {
    const keys = new Set(translationKeys(translations[code]));
    const missing = [...reference].filter((key) => !keys.has(key));
    const extra = [...keys].filter((key) => !reference.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LOCALES)('%s has no empty text and keeps every {{placeholder}} of tr', (code) => {
    const flat = (tree: typeof translations.tr, prefix = ''): [string, string][] =>
      Object.entries(tree).flatMap(([k, v]) =>
        typeof v === 'string' ? [[`${prefix}${k}`, v]] : flat(v, `${prefix}${k}.`),
      );
    const tr = new Map(flat(translations.tr));
    for (const [key, text] of flat(translations[code])) {
      expect(text.trim(), key).not.toBe('');
      const placeholders = (value: string) => [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(placeholders(text), key).toEqual(placeholders(tr.get(key) ?? ''));
    }
  });
});
