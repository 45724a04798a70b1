import az from '../locales/az.json' with { type: 'json' };
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import tr from '../locales/tr.json' with { type: 'json' };
import type { Locale } from './constants.js';
import { RECORDS_NAMESPACE } from './resource-contract.js';
import { RESOURCE_CONTRACTS } from './resources.js';

export type TranslationTree = { [key: string]: string | TranslationTree };

/** `fallback` with `own` laid over it, branch by branch: what `own` states wins. */
function overlay(fallback: TranslationTree, own: TranslationTree): TranslationTree {
  const merged: TranslationTree = { ...fallback };
  for (const [key, value] of Object.entries(own)) {
    const under = merged[key];
    merged[key] =
      typeof value !== 'string' && under !== undefined && typeof under !== 'string' ? overlay(under, value) : value;
  }
  return merged;
}

/**
 * A locale file with the shared `records` texts (status names, bulk actions, the common columns) laid under every
 * resource contract's namespace, so a namespace states only what differs and still answers every key.
 */
export function withResourceTexts(file: TranslationTree): TranslationTree {
  const records = file[RECORDS_NAMESPACE];
  if (records === undefined || typeof records === 'string') throw new Error('the locale has no records namespace');
  const tree: TranslationTree = { ...file };
  for (const { namespace } of RESOURCE_CONTRACTS) {
    const own = tree[namespace];
    tree[namespace] = overlay(records, typeof own === 'object' ? own : {});
  }
  return tree;
}

/** The locale files as written: resource namespaces without the texts they share. */
export const localeFiles: Record<Locale, TranslationTree> = { tr, en, az, de };

/** Every locale's translations; tr is the default and fallback. */
export const translations: Record<Locale, TranslationTree> = {
  tr: withResourceTexts(tr),
  en: withResourceTexts(en),
  az: withResourceTexts(az),
  de: withResourceTexts(de),
};

/** Dotted key paths of a translation tree, for comparing locales. */
export function translationKeys(tree: TranslationTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : translationKeys(value, `${prefix}${key}.`),
  );
}
