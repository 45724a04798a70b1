import { readFileSync } from 'node:fs';
import type { CertificateFont, CertificateWeight } from '@kampus/shared';
import type * as fontkit from '@pdf-lib/fontkit';
import { apiPath } from '../../../paths.js';
import { certificateLibraries } from './libraries.js';

/**
 * The fonts certificates print with, shipped in apps/api/assets/fonts (Noto Sans and Noto Serif, regular and bold, SIL
 * Open Font License; their glyphs cover Turkish, Azerbaijani and German: ğ ş ı İ ç ö ü ə Ə ä ß). Read and parsed once
 * per process: every render lays its text out with, and pdf-lib embeds subsets of, the same parsed font.
 */
const FILES: Record<CertificateFont, Record<CertificateWeight, string>> = {
  'noto-sans': { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  'noto-serif': { regular: 'NotoSerif-Regular.ttf', bold: 'NotoSerif-Bold.ttf' },
};

export interface LoadedFont {
  bytes: Uint8Array;
  font: fontkit.Font;
}

const loaded = new Map<string, LoadedFont>();
/** Parsed fonts by their bytes, for pdf-lib's embedder (see `cachingFontkit`). */
const parsedByBytes = new WeakMap<Uint8Array, fontkit.Font>();

export function loadFont(family: CertificateFont, weight: CertificateWeight): LoadedFont {
  const key = `${family}/${weight}`;
  const known = loaded.get(key);
  if (known) return known;
  const bytes = new Uint8Array(readFileSync(apiPath('assets', 'fonts', FILES[family][weight])));
  const font = certificateLibraries().fontkit.create(bytes);
  // fontkit keeps one glyph object per glyph id, with the characters it was first looked up by; the PDF's text layer
  // (ToUnicode) is built from them. Writing a subset looks up the parts of composite glyphs by id alone (the "o" of
  // "ö", the "g" of "ğ"), and a glyph first met that way would map to no character in every later document: so each
  // glyph the font maps a character to is looked up by that character first, once.
  for (const codePoint of font.characterSet) font.glyphForCodePoint(codePoint);
  parsedByBytes.set(bytes, font);
  const entry = { bytes, font };
  loaded.set(key, entry);
  return entry;
}

/**
 * fontkit for pdf-lib, answering the shipped fonts' bytes with the font parsed once: pdf-lib parses the whole font
 * again for every document otherwise (most of a certificate's time), and a certificate job renders hundreds of
 * documents with the same fonts. Each document still writes its own subset (only the glyphs it prints). Made once
 * the renderer's packages are loaded (libraries.ts).
 */
let caching: typeof fontkit | undefined;
export function cachingFontkit(): typeof fontkit {
  const { fontkit: loaded } = certificateLibraries();
  caching ??= {
    ...loaded,
    create: (buffer: Uint8Array, postscriptName?: string) =>
      parsedByBytes.get(buffer) ?? loaded.create(buffer, postscriptName),
  };
  return caching as typeof fontkit;
}
