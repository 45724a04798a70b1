import { deflateSync } from 'node:zlib';
import {
  CERTIFICATE_IMAGE,
  CERTIFICATE_PAGE,
  type CertificateField,
  type CertificateValues,
  certificateFieldText,
  isCertificateImageField,
} from '@kampus/shared';
import type * as fontkit from '@pdf-lib/fontkit';
import type { PDFContext, PDFDocument, PDFFont, PDFImage, PDFPage, PDFRef, PngEmbedder } from 'pdf-lib';
import { translator } from '../../../platform/i18n.js';
import { cachingFontkit, type LoadedFont, loadFont } from './fonts.js';
import { certificateLibraries, loadCertificateLibraries } from './libraries.js';

/** An image a certificate draws, as the PDF embeds it: PNG or JPEG bytes. */
export interface CertificateImage {
  bytes: Uint8Array;
  mime: 'image/png' | 'image/jpeg';
}

/**
 * A template ready to render: its design with the images it names already read (from the company's storage, once per
 * job, not once per certificate).
 */
export interface RenderableTemplate {
  background_color: string;
  fields: readonly CertificateField[];
  background: CertificateImage | null;
  /** The company's logo, for `logo` fields; null draws nothing there. */
  logo: CertificateImage | null;
  /** Signature images by their address (`image_url` of the fields). */
  images: ReadonlyMap<string, CertificateImage>;
}

export interface RenderedCertificate {
  /** Portrait A4, vector text, fonts embedded as subsets. */
  pdf: Uint8Array;
  /** 600 × 1024 pixels. */
  png: Uint8Array;
}

const { width: PAGE_W, height: PAGE_H } = CERTIFICATE_PAGE;
const { width: IMAGE_W, height: IMAGE_H } = CERTIFICATE_IMAGE;
/**
 * The image is taller than A4 (600 × 1024 against 595 × 842): the page is scaled to the image's width and centred
 * vertically, the bands above and below filled with the background colour.
 */
const IMAGE_SCALE = IMAGE_W / PAGE_W;
const IMAGE_TOP = (IMAGE_H - PAGE_H * IMAGE_SCALE) / 2;
/** Modules of light margin around a QR code (the standard's quiet zone). */
const QR_QUIET = 4;

/** The line a text field prints, laid out in its font: the size it fits its box at, where it starts, its baseline. */
interface TextLine {
  text: string;
  font: LoadedFont;
  size: number;
  x: number;
  baseline: number;
  run: fontkit.GlyphRun;
}

const sanitizeLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/**
 * Lays one field's text out on a single line: shrunk to fit its box's width when longer, then aligned in it. The
 * PDF and the PNG draw from the same layout, so they agree to the point.
 */
function layoutText(field: CertificateField, text: string): TextLine | null {
  const line = sanitizeLine(text);
  if (line === '') return null;
  const font = loadFont(field.font, field.weight);
  const run = font.font.layout(line);
  const unitsPerEm = font.font.unitsPerEm;
  const naturalWidth = (run.advanceWidth * field.size) / unitsPerEm;
  const size = naturalWidth > field.width ? Math.max(4, (field.size * field.width) / naturalWidth) : field.size;
  const width = (run.advanceWidth * size) / unitsPerEm;
  const x =
    field.align === 'left'
      ? field.x
      : field.align === 'right'
        ? field.x + field.width - width
        : field.x + (field.width - width) / 2;
  const baseline = field.y + (font.font.ascent * size) / unitsPerEm;
  return { text: line, font, size, x, baseline, run };
}

/** Every text field's line for these values; issuer fields take the values' issuer names in their order. */
function textLines(template: RenderableTemplate, values: CertificateValues): Map<CertificateField, TextLine> {
  const t = translator(values.language);
  const label = (key: string, params: Record<string, unknown>) => t(`certificateTemplates.render.${key}`, params);
  const lines = new Map<CertificateField, TextLine>();
  let issuer = 0;
  for (const field of template.fields) {
    if (isCertificateImageField(field.type)) continue;
    const text = certificateFieldText(field, values, label, field.type === 'issuer_name' ? issuer++ : 0);
    const line = layoutText(field, text);
    if (line) lines.set(field, line);
  }
  return lines;
}

/** The box an image of this size takes inside a field's box: as large as fits, its aspect kept, centred. */
function fitInBox(field: CertificateField, width: number, height: number) {
  const scale = Math.min(field.width / width, field.height / height);
  const w = width * scale;
  const h = height * scale;
  return { x: field.x + (field.width - w) / 2, y: field.y + (field.height - h) / 2, w, h };
}

/** The dark modules of the verification QR code as horizontal runs (row, first column, length). */
function qrRuns(url: string): { size: number; runs: [number, number, number][] } {
  const { modules } = certificateLibraries().QRCode.create(url, { errorCorrectionLevel: 'M' });
  const runs: [number, number, number][] = [];
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        runs.push([row, start, col - start]);
        start = -1;
      }
    }
  }
  return { size: modules.size, runs };
}

/** The square a QR code takes in its field (the largest that fits, centred) and the size of one module. */
function qrSquare(field: CertificateField, modules: number) {
  const side = Math.min(field.width, field.height);
  return {
    x: field.x + (field.width - side) / 2,
    y: field.y + (field.height - side) / 2,
    side,
    module: side / (modules + 2 * QR_QUIET),
  };
}

const hexToRgb = (hex: string) => {
  const value = Number.parseInt(hex.slice(1), 16);
  return certificateLibraries().pdf.rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
};

/** The image a field draws: the logo, a signature, or nothing (no logo, an image no longer stored). */
function imageOf(template: RenderableTemplate, field: CertificateField): CertificateImage | null {
  if (field.type === 'logo') return template.logo;
  if (field.type === 'signature_image' && field.image_url) return template.images.get(field.image_url) ?? null;
  return null;
}

// PDF

/** A PNG as the PDF stores it: its colour and alpha planes split and compressed (once per image, not per document). */
interface PdfReadyPng {
  width: number;
  height: number;
  bitsPerComponent: number;
  rgb: Uint8Array;
  alpha: Uint8Array | null;
}

const pdfReadyPngs = new WeakMap<CertificateImage, Promise<PdfReadyPng>>();

/**
 * pdf-lib decodes a PNG and compresses its planes again in every document that embeds it: for a full-page background
 * that is most of a certificate's time. Issuing renders hundreds with the same background, so the planes are made
 * once per image and each document takes the compressed bytes as they are.
 */
function pdfReadyPng(image: CertificateImage): Promise<PdfReadyPng> {
  const known = pdfReadyPngs.get(image);
  if (known) return known;
  const ready = certificateLibraries()
    .pdf.PngEmbedder.for(image.bytes)
    .then((embedder) => {
      const png = (
        embedder as unknown as {
          image: {
            width: number;
            height: number;
            bitsPerComponent: number;
            rgbChannel: Uint8Array;
            alphaChannel?: Uint8Array;
          };
        }
      ).image;
      return {
        width: png.width,
        height: png.height,
        bitsPerComponent: png.bitsPerComponent,
        rgb: deflateSync(png.rgbChannel),
        alpha: png.alphaChannel ? deflateSync(png.alphaChannel) : null,
      };
    });
  pdfReadyPngs.set(image, ready);
  return ready;
}

async function embedPng(doc: PDFDocument, image: CertificateImage): Promise<PDFImage> {
  const png = await pdfReadyPng(image);
  const plane = { Type: 'XObject', Subtype: 'Image', Width: png.width, Height: png.height, Filter: 'FlateDecode' };
  // pdf-lib accepts only its own embedders: one whose planes are already made, in their shape.
  const embedder: PngEmbedder = Object.assign(
    Object.create(certificateLibraries().pdf.PngEmbedder.prototype) as PngEmbedder,
    {
      width: png.width,
      height: png.height,
      async embedIntoContext(context: PDFContext, ref?: PDFRef): Promise<PDFRef> {
        const mask = png.alpha
          ? context.register(
              context.stream(png.alpha, {
                ...plane,
                BitsPerComponent: png.bitsPerComponent,
                ColorSpace: 'DeviceGray',
                Decode: [0, 1],
              }),
            )
          : undefined;
        const xObject = context.stream(png.rgb, {
          ...plane,
          BitsPerComponent: png.bitsPerComponent,
          ColorSpace: 'DeviceRGB',
          ...(mask ? { SMask: mask } : {}),
        });
        if (!ref) return context.register(xObject);
        context.assign(ref, xObject);
        return ref;
      },
    },
  );
  const embedded = certificateLibraries().pdf.PDFImage.of(doc.context.nextRef(), doc, embedder);
  await embedded.embed();
  return embedded;
}

async function renderPdf(
  template: RenderableTemplate,
  values: CertificateValues,
  lines: Map<CertificateField, TextLine>,
  qr: ReturnType<typeof qrRuns> | null,
): Promise<Uint8Array> {
  const doc = await certificateLibraries().pdf.PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(cachingFontkit());
  doc.setTitle(`${values.full_name} — ${values.education_name}`, { showInWindowTitleBar: true });
  doc.setLanguage(values.language);
  doc.setProducer('Kampus');
  doc.setCreator('Kampus');
  const page = doc.addPage([PAGE_W, PAGE_H]);
  page.drawRectangle({ x: 0, y: 0, width: PAGE_W, height: PAGE_H, color: hexToRgb(template.background_color) });

  const embedded = new Map<CertificateImage, PDFImage>();
  const embed = async (image: CertificateImage) => {
    let known = embedded.get(image);
    if (!known) {
      known = image.mime === 'image/png' ? await embedPng(doc, image) : await doc.embedJpg(image.bytes);
      embedded.set(image, known);
    }
    return known;
  };
  if (template.background) {
    const image = await embed(template.background);
    page.drawImage(image, { x: 0, y: 0, width: PAGE_W, height: PAGE_H });
  }

  const fonts = new Map<LoadedFont, PDFFont>();
  for (const field of template.fields) {
    if (field.type === 'qr_code') {
      if (qr) drawQrPdf(page, field, qr);
      continue;
    }
    const image = imageOf(template, field);
    if (image) {
      const pdfImage = await embed(image);
      const box = fitInBox(field, pdfImage.width, pdfImage.height);
      page.drawImage(pdfImage, { x: box.x, y: PAGE_H - box.y - box.h, width: box.w, height: box.h });
      continue;
    }
    const line = lines.get(field);
    if (!line) continue;
    let font = fonts.get(line.font);
    if (!font) {
      font = await doc.embedFont(line.font.bytes, { subset: true });
      fonts.set(line.font, font);
    }
    page.drawText(line.text, {
      x: line.x,
      y: PAGE_H - line.baseline,
      size: line.size,
      font,
      color: hexToRgb(field.color),
    });
  }
  return doc.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY });
}

function drawQrPdf(page: PDFPage, field: CertificateField, qr: ReturnType<typeof qrRuns>) {
  const square = qrSquare(field, qr.size);
  page.drawRectangle({
    x: square.x,
    y: PAGE_H - square.y - square.side,
    width: square.side,
    height: square.side,
    color: certificateLibraries().pdf.rgb(1, 1, 1),
  });
  const dark = hexToRgb(field.color);
  const origin = square.module * QR_QUIET;
  for (const [row, col, length] of qr.runs) {
    page.drawRectangle({
      x: square.x + origin + col * square.module,
      y: PAGE_H - (square.y + origin + (row + 1) * square.module),
      width: length * square.module,
      height: square.module,
      color: dark,
    });
  }
}

// PNG (an SVG of the same layout, rasterised by resvg; text as the fonts' own glyph outlines)

const glyphPaths = new WeakMap<fontkit.Font, Map<number, string>>();

function glyphPath(font: fontkit.Font, glyph: fontkit.Glyph): string {
  let paths = glyphPaths.get(font);
  if (!paths) {
    paths = new Map();
    glyphPaths.set(font, paths);
  }
  let path = paths.get(glyph.id);
  if (path === undefined) {
    path = glyph.path.toSVG();
    paths.set(glyph.id, path);
  }
  return path;
}

const dataUris = new WeakMap<CertificateImage, string>();
function dataUri(image: CertificateImage): string {
  let uri = dataUris.get(image);
  if (!uri) {
    uri = `data:${image.mime};base64,${Buffer.from(image.bytes).toString('base64')}`;
    dataUris.set(image, uri);
  }
  return uri;
}

const backgroundUris = new WeakMap<CertificateImage, string>();

/**
 * The background as the image export draws it: scaled once to the pixels it covers there (600 × 849), so each PNG
 * decodes a small image instead of the full print-size one.
 */
function backgroundUri(image: CertificateImage): string {
  let uri = backgroundUris.get(image);
  if (!uri) {
    const width = IMAGE_W;
    const height = Math.round(PAGE_H * IMAGE_SCALE);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image href="${dataUri(image)}" width="${width}" height="${height}" preserveAspectRatio="none"/></svg>`;
    const scaled = new (certificateLibraries().Resvg)(svg, { font: { loadSystemFonts: false } }).render().asPng();
    uri = `data:image/png;base64,${Buffer.from(scaled).toString('base64')}`;
    backgroundUris.set(image, uri);
  }
  return uri;
}

const n = (value: number) => Math.round(value * 100) / 100;

function svgOf(
  template: RenderableTemplate,
  lines: Map<CertificateField, TextLine>,
  qr: ReturnType<typeof qrRuns> | null,
): string {
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_W}" height="${IMAGE_H}" viewBox="0 0 ${IMAGE_W} ${IMAGE_H}">`,
    `<rect width="${IMAGE_W}" height="${IMAGE_H}" fill="${template.background_color}"/>`,
  ];
  if (template.background) {
    // Already at the pixels it covers, outside the page's scaling: drawn as it is, with no resampling.
    parts.push(
      `<image href="${backgroundUri(template.background)}" y="${n(IMAGE_TOP)}" width="${IMAGE_W}" height="${Math.round(PAGE_H * IMAGE_SCALE)}" preserveAspectRatio="none" image-rendering="optimizeSpeed"/>`,
    );
  }
  parts.push(`<g transform="translate(0 ${n(IMAGE_TOP)}) scale(${IMAGE_SCALE})">`);
  for (const field of template.fields) {
    if (field.type === 'qr_code') {
      if (!qr) continue;
      const square = qrSquare(field, qr.size);
      const origin = square.module * QR_QUIET;
      const d = qr.runs.map(([row, col, length]) => `M${col} ${row}h${length}v1h${-length}z`).join('');
      parts.push(
        `<rect x="${n(square.x)}" y="${n(square.y)}" width="${n(square.side)}" height="${n(square.side)}" fill="#ffffff"/>`,
        `<path fill="${field.color}" shape-rendering="crispEdges" transform="translate(${n(square.x + origin)} ${n(square.y + origin)}) scale(${square.module})" d="${d}"/>`,
      );
      continue;
    }
    const image = imageOf(template, field);
    if (image) {
      parts.push(
        `<image href="${dataUri(image)}" x="${n(field.x)}" y="${n(field.y)}" width="${n(field.width)}" height="${n(field.height)}" preserveAspectRatio="xMidYMid meet"/>`,
      );
      continue;
    }
    const line = lines.get(field);
    if (!line) continue;
    const scale = line.size / line.font.font.unitsPerEm;
    const glyphs: string[] = [];
    let advance = 0;
    for (const [index, glyph] of line.run.glyphs.entries()) {
      const position = line.run.positions[index];
      const d = glyphPath(line.font.font, glyph);
      if (d && position) {
        glyphs.push(`<path transform="translate(${advance + position.xOffset} ${position.yOffset})" d="${d}"/>`);
      }
      advance += position?.xAdvance ?? glyph.advanceWidth;
    }
    parts.push(
      `<g fill="${field.color}" transform="translate(${n(line.x)} ${n(line.baseline)}) scale(${scale} ${-scale})">${glyphs.join('')}</g>`,
    );
  }
  parts.push('</g></svg>');
  return parts.join('');
}

function renderPng(svg: string): Uint8Array {
  const resvg = new (certificateLibraries().Resvg)(svg, {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: false },
  });
  return resvg.render().asPng();
}

/**
 * A certificate of a template for these values: the PDF (portrait A4, vector text in the shipped fonts, embedded as
 * subsets) and the PNG (600 × 1024). What issuing calls for every certificate, and the editor's preview with sample
 * values.
 */
export async function render(template: RenderableTemplate, values: CertificateValues): Promise<RenderedCertificate> {
  await loadCertificateLibraries();
  const lines = textLines(template, values);
  const qr = template.fields.some((field) => field.type === 'qr_code') ? qrRuns(values.verification_url) : null;
  const pdf = await renderPdf(template, values, lines, qr);
  const png = renderPng(svgOf(template, lines, qr));
  return { pdf, png };
}

/** Only the PDF (the editor's "preview PDF"). */
export async function renderCertificatePdf(
  template: RenderableTemplate,
  values: CertificateValues,
): Promise<Uint8Array> {
  await loadCertificateLibraries();
  const qr = template.fields.some((field) => field.type === 'qr_code') ? qrRuns(values.verification_url) : null;
  return renderPdf(template, values, textLines(template, values), qr);
}

/** Only the PNG (thumbnails and the image preview). */
export async function renderCertificatePng(
  template: RenderableTemplate,
  values: CertificateValues,
): Promise<Uint8Array> {
  await loadCertificateLibraries();
  const qr = template.fields.some((field) => field.type === 'qr_code') ? qrRuns(values.verification_url) : null;
  return renderPng(svgOf(template, textLines(template, values), qr));
}

/** The pixel size of a GIF or WebP image from its header; null when the header is not one of theirs. */
function rasterSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length >= 10 && view.toString('latin1', 0, 3) === 'GIF') {
    return { width: view.readUInt16LE(6), height: view.readUInt16LE(8) };
  }
  if (view.length >= 30 && view.toString('latin1', 0, 4) === 'RIFF' && view.toString('latin1', 8, 12) === 'WEBP') {
    const chunk = view.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { width: 1 + view.readUIntLE(24, 3), height: 1 + view.readUIntLE(27, 3) };
    if (chunk === 'VP8 ') return { width: view.readUInt16LE(26) & 0x3fff, height: view.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = view.subarray(21, 25);
      return { width: 1 + (b0 | ((b1 & 0x3f) << 8)), height: 1 + ((b1 >> 6) | (b2 << 2) | ((b3 & 0xf) << 10)) };
    }
  }
  return null;
}

/** The largest side a converted logo keeps (a print-sharp logo a few centimetres wide). */
const CONVERTED_MAX = 800;

/**
 * A stored image as the renderer draws it: PNG and JPEG as they are; GIF and WebP (a company logo may be either)
 * converted to PNG by resvg, since a PDF embeds only the first two. Null for anything it cannot read.
 */
export async function certificateImageOf(bytes: Uint8Array, mime: string): Promise<CertificateImage | null> {
  if (mime === 'image/png' || mime === 'image/jpeg') return { bytes, mime };
  await loadCertificateLibraries();
  const size = rasterSize(bytes);
  if (!size || size.width < 1 || size.height < 1) return null;
  const scale = Math.min(1, CONVERTED_MAX / Math.max(size.width, size.height));
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  try {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image href="data:${mime};base64,${Buffer.from(bytes).toString('base64')}" width="${width}" height="${height}"/></svg>`;
    return {
      bytes: new (certificateLibraries().Resvg)(svg, { font: { loadSystemFonts: false } }).render().asPng(),
      mime: 'image/png',
    };
  } catch {
    return null;
  }
}
