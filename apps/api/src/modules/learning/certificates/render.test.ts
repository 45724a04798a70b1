import { inflateSync } from 'node:zlib';
import { type CertificateValues, certificateDesignSchema, sampleCertificateValues } from '@kampus/shared';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { pngSize, readPdf } from '../../../../test/pdf-text.js';
import { PNG_BYTES } from '../../../../test/uploads.js';
import { certificateImageOf, type RenderableTemplate, render } from './render.js';

const design = certificateDesignSchema.parse({
  background_color: '#f4efe3',
  fields: [
    {
      key: 'n',
      type: 'full_name',
      x: 40,
      y: 280,
      width: 515,
      height: 44,
      size: 32,
      font: 'noto-serif',
      weight: 'bold',
    },
    { key: 'e', type: 'education_name', x: 40, y: 340, width: 515, height: 28, size: 16 },
    { key: 'd', type: 'completion_date', x: 60, y: 620, width: 200, height: 20, size: 11, align: 'left' },
    { key: 'x', type: 'expiry_date', x: 335, y: 620, width: 200, height: 20, size: 11, align: 'right' },
    { key: 'c', type: 'certificate_number', x: 60, y: 780, width: 200, height: 16, size: 9, align: 'left' },
    { key: 'h', type: 'duration_hours', x: 60, y: 650, width: 200, height: 18, size: 11, align: 'left' },
    { key: 's', type: 'score', x: 335, y: 650, width: 200, height: 18, size: 11, align: 'right' },
    { key: 'i', type: 'issuer_name', x: 60, y: 720, width: 200, height: 18, size: 11, issuer_name: 'Şükrü Öztürk' },
    {
      key: 'f',
      type: 'free_text',
      x: 40,
      y: 200,
      width: 515,
      height: 24,
      size: 14,
      text: { tr: 'Başarıyla tamamladı', az: 'Uğurla başa vurdu' },
    },
    { key: 'q', type: 'qr_code', x: 470, y: 730, width: 90, height: 90, size: 10 },
    {
      key: 'g',
      type: 'signature_image',
      x: 60,
      y: 680,
      width: 120,
      height: 40,
      size: 10,
      image_url: '/api/files/sig.png',
    },
    { key: 'l', type: 'logo', x: 250, y: 60, width: 95, height: 60, size: 10 },
  ],
});
const signature = await certificateImageOf(new Uint8Array(PNG_BYTES), 'image/png');
const template: RenderableTemplate = {
  background_color: design.background_color,
  fields: design.fields,
  background: await certificateImageOf(
    new Resvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="119" height="168"><rect width="119" height="168" fill="#fffdf8"/><rect x="6" y="6" width="107" height="156" fill="none" stroke="#3f51b5" stroke-width="3"/></svg>',
    )
      .render()
      .asPng(),
    'image/png',
  ),
  logo: signature,
  images: new Map(signature ? [['/api/files/sig.png', signature]] : []),
};

/** The PNG's pixels decoded far enough to tell colours apart (8-bit RGBA, no interlace: what resvg writes). */
function distinctColours(png: Uint8Array): number {
  const buffer = Buffer.from(png);
  const chunks: Buffer[] = [];
  for (let at = 8; at < buffer.length; ) {
    const length = buffer.readUInt32BE(at);
    if (buffer.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(buffer.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const colours = new Set<number>();
  for (let i = 1; i < raw.length; i += 4 * 97) colours.add(raw.readUInt32BE(i));
  return colours.size;
}

describe('the certificate renderer', () => {
  it('writes a portrait A4 PDF whose text reads back letter for letter in Turkish and Azerbaijani', async () => {
    const turkish: CertificateValues = {
      ...sampleCertificateValues('tr'),
      full_name: 'Gülşen Əliyeva İğdır ß ä',
      education_name: 'Çağrı Merkezi Güvenliği: ölçüm ve ünlü IŞIK',
    };
    const { pdf } = await render(template, turkish);
    const { pages } = await readPdf(pdf);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ width: 595, height: 842 });
    const texts = pages[0]!.texts;
    expect(texts).toContain('Gülşen Əliyeva İğdır ß ä');
    expect(texts).toContain('Çağrı Merkezi Güvenliği: ölçüm ve ünlü IŞIK');
    expect(texts).toContain('Başarıyla tamamladı');
    expect(texts).toContain('14 Mart 2026');
    expect(texts).toContain('14 Mart 2028');
    expect(texts).toContain('12 saat');
    expect(texts).toContain('Şükrü Öztürk');
    expect(texts).toContain('KMP-2026-7Q4X9');

    const azerbaijani: CertificateValues = {
      ...sampleCertificateValues('az'),
      full_name: 'Ləman Şıxəliyeva',
      issuer_names: ['Əli Həsənov'],
      score: 87,
      expiry_date: null,
    };
    const az = await readPdf((await render(template, azerbaijani)).pdf);
    expect(az.pages[0]!.texts).toEqual(
      expect.arrayContaining(['Ləman Şıxəliyeva', 'Uğurla başa vurdu', 'Əli Həsənov', '14 mart 2026']),
    );
    // No expiry: the field prints nothing.
    expect(az.pages[0]!.texts.some((text) => text.includes('2028'))).toBe(false);
  });

  it('embeds the fonts as subsets (only the glyphs printed), not whole', async () => {
    const { pdf } = await render(template, sampleCertificateValues('de'));
    // Four Noto fonts of 500–600 KB each would make a multi-megabyte file.
    expect(pdf.length).toBeLessThan(120_000);
    const text = Buffer.from(pdf).toString('latin1');
    expect(text).toMatch(/\/FontFile2/);
    // pdf-lib names each subset after its font with a random suffix (NotoSerif-Bold-1234).
    expect(text).toMatch(/\/BaseFont \/NotoSerif-Bold-\d+/);
    expect(text).toMatch(/\/BaseFont \/NotoSans-Regular-\d+/);
  });

  it('writes a 600 × 1024 PNG that is not blank', async () => {
    const { png } = await render(template, sampleCertificateValues('tr'));
    expect(pngSize(png)).toEqual({ width: 600, height: 1024 });
    // The background alone is one colour; text, the QR code and anti-aliased edges add many.
    expect(distinctColours(png)).toBeGreaterThan(5);
  });

  it('fits a text longer than its box to the box instead of running off the page', async () => {
    const long: CertificateValues = {
      ...sampleCertificateValues('en'),
      education_name: 'A very long education name that would never fit on one line of the page at this size at all',
    };
    const { pdf } = await render(template, long);
    expect((await readPdf(pdf)).pages[0]!.texts).toContain(long.education_name);
  });

  it('converts a GIF or WebP logo to PNG for the PDF, and refuses what it cannot read', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const converted = await certificateImageOf(new Uint8Array(gif), 'image/gif');
    expect(converted?.mime).toBe('image/png');
    expect(pngSize(converted!.bytes)).toEqual({ width: 1, height: 1 });
    expect(await certificateImageOf(new Uint8Array([1, 2, 3]), 'image/webp')).toBeNull();
  });
});
