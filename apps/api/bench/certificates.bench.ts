/**
 * npm run bench:certificates — renders BENCH_CERTIFICATES (1,000) certificates in one loop, as the issuing job will:
 * the template prepared once (its design, background and signature images read), then for each certificate its PDF
 * and its PNG from that person's values. The template is the demo's framed completion certificate (a full-page
 * background image, two signatures, the QR code, twelve text fields in two fonts), so the figures are those of the
 * heaviest demo design. Prints PDFs per second (each with its PNG), the time of each part and the peak RSS. Issue 16's
 * target: ≥ 20 PDFs/s on 2 cores, ≤ 300 MB RSS. Figures only; nothing passes or fails.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { type CertificateValues, certificateDesignSchema, LOCALES } from '@kampus/shared';
import { Resvg } from '@resvg/resvg-js';
import { demoCertificateDesigns, frameSvg, signatureSvg } from '../src/db/seed/certificate-templates.js';
import {
  type CertificateImage,
  type RenderableTemplate,
  renderCertificatePdf,
  renderCertificatePng,
} from '../src/modules/learning/certificates/render.js';

const COUNT = Number(process.env.BENCH_CERTIFICATES ?? 1000);
/**
 * A full garbage collection every this many certificates (0: none; needs node --expose-gc, which the npm script
 * passes). resvg keeps each rendered 600 × 1024 image (2.4 MB) in native memory V8 does not see, freed only when a
 * collection finalises its wrapper; V8, seeing a small heap, collects rarely, so without it the native memory of
 * hundreds of renders waits (peak RSS ~350–390 MB against ~230 MB with it, at the same speed).
 */
const GC_EVERY = Number(process.env.BENCH_GC_EVERY ?? 10);
const collect = (globalThis as { gc?: () => void }).gc;

const png = (svg: string): CertificateImage => ({
  bytes: new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng(),
  mime: 'image/png',
});

const look = {
  companyId: 1,
  language: 'tr' as const,
  primary: '#3F51B5',
  tint: '#eef0fb',
  signers: ['Ayşe Karaca · İnsan Kaynakları Direktörü', 'Mehmet Öztürk · Genel Müdür'] as [string, string],
};
const [framed] = demoCertificateDesigns(look, '/api/files/background.png', ['/api/files/s1.png', '/api/files/s2.png']);
const design = certificateDesignSchema.parse(framed!.design);
const template: RenderableTemplate = {
  background_color: design.background_color,
  fields: design.fields,
  background: png(frameSvg(look.primary)),
  logo: null,
  images: new Map([
    ['/api/files/s1.png', png(signatureSvg(4))],
    ['/api/files/s2.png', png(signatureSvg(5))],
  ]),
};

const FIRST = ['Gülşen', 'Əli', 'Jörg', 'İbrahim', 'Şükrü', 'Ayşegül', 'Ləman', 'Çağla', 'Öykü', 'Ümit'];
const LAST = ['Yıldırım', 'Əliyeva', 'Weißmüller', 'Öztürk', 'Çelik', 'Şahin', 'Həsənov', 'Doğan', 'Güneş', 'Kılıç'];
const valuesOf = (i: number): CertificateValues => ({
  language: LOCALES[i % LOCALES.length]!,
  full_name: `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`,
  education_name: i % 2 ? 'İş Sağlığı ve Güvenliği Temel Eğitimi' : 'Kişisel Verilerin Korunması (KVKK) Farkındalığı',
  completion_date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  certificate_number: `KMP-2026-${(100000 + i * 7919).toString(36).toUpperCase()}`,
  expiry_date: i % 3 ? '2028-06-30' : null,
  duration_hours: 4 + (i % 20),
  score: 60 + (i % 41),
  verification_url: `https://demo.kampus.example/verify/KMP-2026-${(100000 + i * 7919).toString(36).toUpperCase()}`,
});

let peakRss = process.memoryUsage().rss;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};

// One warm-up certificate (fonts read and parsed, the background's planes made), as the job's first one pays it.
const warmStart = performance.now();
await renderCertificatePdf(template, valuesOf(0));
await renderCertificatePng(template, valuesOf(0));
const warmUp = performance.now() - warmStart;

let pdfMs = 0;
let pngMs = 0;
let pdfBytes = 0;
let pngBytes = 0;
const started = performance.now();
for (let i = 0; i < COUNT; i++) {
  const values = valuesOf(i);
  const a = performance.now();
  const pdf = await renderCertificatePdf(template, values);
  const b = performance.now();
  const image = await renderCertificatePng(template, values);
  pngMs += performance.now() - b;
  pdfMs += b - a;
  pdfBytes += pdf.length;
  pngBytes += image.length;
  if (i % 10 === 0) sample();
  if (collect && GC_EVERY > 0 && (i + 1) % GC_EVERY === 0) collect();
}
const seconds = (performance.now() - started) / 1000;
sample();

const [load1] = os.loadavg();
console.log(`bench:certificates — ${COUNT} certificates (PDF + PNG each), the demo's framed template`);
console.log(`  machine: ${os.cpus().length} cores, load ${load1?.toFixed(1)} at the end; node ${process.version}`);
console.log(
  collect && GC_EVERY > 0
    ? `  a garbage collection every ${GC_EVERY} certificates (BENCH_GC_EVERY=0: none)`
    : '  no forced garbage collection',
);
console.log(`  warm-up (first certificate): ${warmUp.toFixed(0)} ms`);
console.log(`  ${(COUNT / seconds).toFixed(1)} PDFs/s (each with its PNG) over ${seconds.toFixed(1)} s`);
console.log(`  per certificate: PDF ${(pdfMs / COUNT).toFixed(1)} ms, PNG ${(pngMs / COUNT).toFixed(1)} ms`);
console.log(
  `  sizes: PDF ${(pdfBytes / COUNT / 1024).toFixed(0)} KB, PNG ${(pngBytes / COUNT / 1024).toFixed(0)} KB on average`,
);
const memory = process.memoryUsage();
console.log(
  `  at the end: heap ${(memory.heapUsed / 1048576).toFixed(0)} of ${(memory.heapTotal / 1048576).toFixed(0)} MB, RSS ${(memory.rss / 1048576).toFixed(0)} MB`,
);
console.log(
  `  peak RSS: ${(peakRss / 1024 / 1024).toFixed(0)} MB (sampled), ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (maxRSS)`,
);
