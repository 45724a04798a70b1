import az from '../locales/az.json' with { type: 'json' };
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import tr from '../locales/tr.json' with { type: 'json' };
import type { Locale } from './constants.js';

export type TranslationTree = { [key: string]: string | TranslationTree };

/** Every locale's translations; tr is the default and fallback. */
export const translations: Record<Locale, TranslationTree> = { tr, en, az, de };

/** Dotted key paths of a translation tree, for comparing locales. */
export function translationKeys(tree: TranslationTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : translationKeys(value, `${prefix}${key}.`),
  );
}
