import { describe, expect, it } from 'vitest';
import { findHighlights, foldForSearch, plainFoldForSearch, searchWords, splitByHighlights } from './search.js';

describe('search folding and highlights', () => {
  it('folds dotted and dotless i and case without changing the length', () => {
    expect(foldForSearch('İSTANBUL Işık ılık')).toBe('istanbul işik ilik');
    expect(plainFoldForSearch('GÜVENLİĞİ Çağrı Öğe')).toBe('guvenligi cagri oge');
    const mixed = 'İçerİk ÇAĞ ß';
    expect(foldForSearch(mixed)).toHaveLength(mixed.length);
  });

  it('takes letters and digits only from a query, so nothing of the tsquery syntax passes', () => {
    expect(searchWords("Bilgi & güvenliği | !x:* 'a' (2026)")).toEqual(['bilgi', 'güvenliği', 'x', 'a', '2026']);
    expect(searchWords('%_*')).toEqual([]);
  });

  it('marks whole words matched exactly, by prefix, by stem and by a close typo', () => {
    const title = 'Bilgi Güvenliği Farkındalık Eğitimleri';
    const marked = (query: string) =>
      findHighlights(title, searchWords(query)).map((r) => title.slice(r.start, r.start + r.length));
    expect(marked('bilgi güvenlği')).toEqual(['Bilgi', 'Güvenliği']);
    expect(marked('FARK')).toEqual(['Farkındalık']);
    expect(marked('eğitim')).toEqual(['Eğitimleri']);
    expect(marked('guvenlik')).toEqual(['Güvenliği']);
    expect(marked('satış')).toEqual([]);
  });

  it('splits a text into plain and marked pieces, ignoring ranges out of bounds or overlapping', () => {
    expect(
      splitByHighlights('abc def', [
        { start: 4, length: 3 },
        { start: 0, length: 1 },
        { start: 5, length: 1 },
        { start: 6, length: 9 },
      ]),
    ).toEqual([
      { text: 'a', marked: true },
      { text: 'bc ', marked: false },
      { text: 'def', marked: true },
    ]);
  });
});
