import { readFileSync } from 'node:fs';
import type { CertificateFont, CertificateWeight } from '@kampus/shared';
import fontkit from '@pdf-lib/fontkit';
import { apiPath } from '../../../paths.js';

/**
 * The fonts certificates print with, shipped in apps/api/assets/fonts (Noto Sans and Noto Serif, regular and bold, SIL
 * Open Font License; their glyphs cover Turkish, Azerbaijani and German: ğ ş ı İ ç ö ü ə Ə ä ß). Read and parsed once
 * per process: every render lays its text out with the same parsed font and hands pdf-lib the same bytes. (pdf-lib
 * parses the bytes again for each document it embeds them in: handing it the parsed font instead broke the text
 * mapping of later documents, whose subsets then shared the glyph state of earlier ones.)
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

/** The folder of the shipped fonts, from source and from the production build alike. */
export const fontsFolder = () => apiPath('assets', 'fonts');

export function loadFont(family: CertificateFont, weight: CertificateWeight): LoadedFont {
  const key = `${family}/${weight}`;
  const known = loaded.get(key);
  if (known) return known;
  const bytes = new Uint8Array(readFileSync(apiPath('assets', 'fonts', FILES[family][weight])));
  const font = fontkit.create(bytes);
  const entry = { bytes, font };
  loaded.set(key, entry);
  return entry;
}
