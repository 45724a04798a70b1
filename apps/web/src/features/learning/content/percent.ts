import { isLocale } from '@kampus/shared';

/** A whole percentage as the language writes it: `%95` in Turkish, `95 %` in German, `95%` in English. */
export function formatPercent(value: number, language: string): string {
  const locale = isLocale(language) ? language : 'tr';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}

/** Where a percentage input puts its sign, the same way. */
export function percentAffix(language: string): { prefix?: string; suffix?: string } {
  const [before, after] = formatPercent(0, language).split('0');
  return before ? { prefix: before } : { suffix: after };
}
