import { describe, expect, it } from 'vitest';
import { LOCALES } from './constants.js';
import { localeFiles, type TranslationTree, translationKeys, translations } from './i18n.js';
import { RECORDS_NAMESPACE } from './resource-contract.js';
import { RESOURCE_CONTRACTS } from './resources.js';

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

  const flatten = (tree: TranslationTree, prefix = ''): Map<string, string> =>
    new Map(
      Object.entries(tree).flatMap(([k, v]) =>
        typeof v === 'string' ? [[`${prefix}${k}`, v] as const] : [...flatten(v, `${prefix}${k}.`)],
      ),
    );

  it.each([...new Set(RESOURCE_CONTRACTS.map((contract) => contract.namespace))])(
    '%s states only what differs from the shared records texts, and answers them all',
    (namespace) => {
      const repeated = translationKeys(localeFiles.tr[namespace] as TranslationTree).filter((key) =>
        LOCALES.every((code) => {
          const own = flatten(localeFiles[code][namespace] as TranslationTree).get(key);
          return own !== undefined && own === flatten(localeFiles[code][RECORDS_NAMESPACE] as TranslationTree).get(key);
        }),
      );
      expect(repeated).toEqual([]);
      for (const code of LOCALES) {
        const merged = flatten(translations[code][namespace] as TranslationTree);
        for (const [key, text] of flatten(localeFiles[code][RECORDS_NAMESPACE] as TranslationTree)) {
          expect(merged.has(key), `${code} ${namespace}.${key}`).toBe(true);
          if (!flatten(localeFiles[code][namespace] as TranslationTree).has(key)) expect(merged.get(key)).toBe(text);
        }
      }
    },
  );
});
