/**
 * Makes the demo seed's media files (apps/api/src/db/seed/media/): two short WebM videos and two multi-page PDFs.
 * They are committed, so this runs by hand only when they should change:
 *
 *   npx tsx apps/api/scripts/make-demo-media.ts            (from the repository root; CHROMIUM=/path overrides)
 *
 * Everything is drawn by the system Chromium (playwright-core, never a downloaded browser): each video is a canvas
 * recorded with MediaRecorder in real time (a title and a running seconds counter, so a test or a person can see
 * which second is on screen), each PDF is `page.pdf()` of a small HTML document. MediaRecorder writes a WebM without
 * a duration (browsers then report `Infinity` until the end was played, and cannot show a seek bar), so the script
 * writes the Duration element into the Segment's Info before saving.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../src/db/seed/media');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

interface VideoSpec {
  file: string;
  title: string;
  subtitle: string;
  seconds: number;
  /** Background and accent colours: the two videos look different at a glance. */
  background: string;
  accent: string;
}

const VIDEOS: VideoSpec[] = [
  {
    file: 'video-onboarding-tr.webm',
    title: 'Kampüs’e hoş geldiniz',
    subtitle: 'İşe başlangıç eğitimi · 1. bölüm',
    seconds: 8,
    background: '#1f2a5c',
    accent: '#ffab00',
  },
  {
    file: 'video-security-en.webm',
    title: 'Information security basics',
    subtitle: 'Passwords, phishing and safe habits',
    seconds: 8,
    background: '#0d3b36',
    accent: '#36b37e',
  },
];

interface DocumentSpec {
  file: string;
  language: string;
  title: string;
  pages: { heading: string; paragraphs: string[] }[];
}

const DOCUMENTS: DocumentSpec[] = [
  {
    file: 'doc-handbook-tr.pdf',
    language: 'tr',
    title: 'Çalışan El Kitabı',
    pages: [
      {
        heading: 'Hoş geldiniz',
        paragraphs: [
          'Bu el kitabı, şirketimizde çalışmaya başlarken bilmeniz gereken temel kuralları ve olanakları özetler.',
          'Sorularınız için yöneticinize ya da insan kaynakları ekibine her zaman ulaşabilirsiniz.',
        ],
      },
      {
        heading: 'Çalışma saatleri ve izinler',
        paragraphs: [
          'Çekirdek çalışma saatlerimiz 10:00 ile 16:00 arasıdır; günün geri kalanını ekibinizle birlikte planlarsınız.',
          'Yıllık izin taleplerinizi en az iki hafta önceden sistem üzerinden iletmeniz beklenir.',
        ],
      },
      {
        heading: 'Bilgi güvenliği',
        paragraphs: [
          'Şifrenizi kimseyle paylaşmayın, bilgisayarınızdan ayrılırken ekranınızı kilitleyin.',
          'Şüpheli bir e-posta aldığınızda bağlantılara tıklamadan bilgi güvenliği ekibine bildirin.',
        ],
      },
      {
        heading: 'Gelişim ve eğitim',
        paragraphs: [
          'Kampüs üzerinden size atanan eğitimleri tamamlayarak gelişiminizi takip edebilirsiniz.',
          'Her yıl en az yirmi saatlik eğitim almanızı öneriyoruz.',
        ],
      },
    ],
  },
  {
    file: 'doc-policy-en.pdf',
    language: 'en',
    title: 'Acceptable Use Policy',
    pages: [
      {
        heading: 'Purpose',
        paragraphs: [
          'This policy describes how company devices, accounts and networks may be used.',
          'It applies to every employee, contractor and visitor who is given access.',
        ],
      },
      {
        heading: 'Accounts and passwords',
        paragraphs: [
          'Use a long, unique password for each service and turn on two-step verification where it is offered.',
          'Never share your credentials; the help desk will never ask for your password.',
        ],
      },
      {
        heading: 'Reporting incidents',
        paragraphs: [
          'Report a lost device, a suspicious message or an unexpected login to the security team at once.',
          'Reporting early is always right, even when it turns out to be nothing.',
        ],
      },
    ],
  },
];

/**
 * Runs in the page (plain JavaScript: the API's TypeScript has no DOM types, and tsx would wrap named functions in a
 * helper the page lacks): draws the title and the running seconds on a canvas and records it for `v.seconds`.
 */
const RECORD_IN_PAGE = `async (v) => {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 360;
  document.body.append(canvas);
  const ctx = canvas.getContext('2d');
  const started = performance.now();
  const draw = () => {
    const elapsed = Math.min((performance.now() - started) / 1000, v.seconds);
    ctx.fillStyle = v.background;
    ctx.fillRect(0, 0, 640, 360);
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 34px sans-serif';
    ctx.textAlign = 'center';
    ctx.fillText(v.title, 320, 90);
    ctx.font = '22px sans-serif';
    ctx.fillText(v.subtitle, 320, 130);
    ctx.fillStyle = v.accent;
    ctx.font = 'bold 110px monospace';
    ctx.fillText(elapsed.toFixed(1) + ' s', 320, 265);
    // A progress line along the bottom, so a seek shows at a glance.
    ctx.fillRect(0, 340, (640 * elapsed) / v.seconds, 20);
  };
  draw();
  const timer = setInterval(draw, 1000 / 30);
  const recorder = new MediaRecorder(canvas.captureStream(30), {
    mimeType: 'video/webm;codecs=vp8',
    videoBitsPerSecond: 220000,
    // A key frame every second keeps seeking cheap (Chromium's option; others ignore it).
    videoKeyFrameIntervalDuration: 1000,
  });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => { recorder.onstop = resolve; });
  recorder.start(250);
  await new Promise((resolve) => setTimeout(resolve, v.seconds * 1000 + 150));
  draw();
  recorder.stop();
  await stopped;
  clearInterval(timer);
  const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}`;

async function recordInPage(page: Page, spec: VideoSpec): Promise<Buffer> {
  const base64 = await page.evaluate<string>(`(${RECORD_IN_PAGE})(${JSON.stringify(spec)})`);
  return Buffer.from(base64, 'base64');
}

// --- EBML: just enough to give MediaRecorder's WebM a Duration ---

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;
const TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;

/** A variable-length integer at `offset`: its value (marker bit removed) and length; unknown size gives -1. */
function readVint(buf: Buffer, offset: number): { value: number; length: number } {
  const first = buf[offset]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[offset + i]!;
    if (buf[offset + i] !== 0xff) allOnes = false;
  }
  return { value: allOnes ? -1 : value, length };
}

function readId(buf: Buffer, offset: number): { id: number; length: number } {
  const first = buf[offset]!;
  let length = 1;
  while (length <= 4 && !(first & (0x80 >> (length - 1)))) length++;
  return { id: buf.readUIntBE(offset, length), length };
}

function encodeSize(size: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeUInt8(0x01, 0);
  out.writeUIntBE(size, 2, 6);
  return out;
}

interface Element {
  id: number;
  start: number;
  dataStart: number;
  /** -1: unknown size (runs to the end of its parent). */
  size: number;
}

function readElement(buf: Buffer, offset: number): Element {
  const id = readId(buf, offset);
  const size = readVint(buf, offset + id.length);
  return { id: id.id, start: offset, dataStart: offset + id.length + size.length, size: size.value };
}

/** The last block's time in the stream (ms with the default scale): the recording's length. */
function lastTimecode(buf: Buffer, segmentData: number): number {
  let last = 0;
  let offset = segmentData;
  while (offset < buf.length) {
    const el = readElement(buf, offset);
    if (el.id !== CLUSTER) {
      if (el.size < 0) break;
      offset = el.dataStart + el.size;
      continue;
    }
    let clusterTime = 0;
    let inner = el.dataStart;
    const end = el.size < 0 ? buf.length : el.dataStart + el.size;
    while (inner < end) {
      const child = readElement(buf, inner);
      // A cluster of unknown size ends where the next cluster starts.
      if (child.id === CLUSTER) break;
      if (child.id === TIMECODE) clusterTime = buf.readUIntBE(child.dataStart, child.size);
      if (child.id === SIMPLE_BLOCK || child.id === BLOCK_GROUP) {
        const blockData = child.id === SIMPLE_BLOCK ? child.dataStart : readElement(buf, child.dataStart).dataStart;
        const track = readVint(buf, blockData);
        last = Math.max(last, clusterTime + buf.readInt16BE(blockData + track.length));
      }
      inner = child.dataStart + child.size;
    }
    offset = inner;
  }
  return last;
}

/** Rewrites the Segment's Info with a Duration of the last frame plus one frame (33 ms at 30 fps). */
function withDuration(buf: Buffer): Buffer {
  let offset = 0;
  const header = readElement(buf, offset);
  offset = header.dataStart + header.size;
  const segment = readElement(buf, offset);
  if (segment.id !== SEGMENT) throw new Error('No Segment after the EBML header');
  const durationMs = lastTimecode(buf, segment.dataStart) + 33;
  let child = segment.dataStart;
  while (child < buf.length) {
    const el = readElement(buf, child);
    if (el.id === INFO) {
      const parts: Buffer[] = [];
      let inner = el.dataStart;
      while (inner < el.dataStart + el.size) {
        const item = readElement(buf, inner);
        if (item.id !== DURATION) parts.push(buf.subarray(inner, item.dataStart + item.size));
        if (item.id === TIMECODE_SCALE && buf.readUIntBE(item.dataStart, item.size) !== 1_000_000) {
          throw new Error('Unexpected TimecodeScale');
        }
        inner = item.dataStart + item.size;
      }
      const duration = Buffer.alloc(11);
      duration.writeUInt16BE(DURATION, 0);
      duration.writeUInt8(0x88, 2);
      duration.writeDoubleBE(durationMs, 3);
      parts.push(duration);
      const body = Buffer.concat(parts);
      const info = Buffer.concat([Buffer.from([0x15, 0x49, 0xa9, 0x66]), encodeSize(body.length), body]);
      return Buffer.concat([buf.subarray(0, el.start), info, buf.subarray(el.dataStart + el.size)]);
    }
    if (el.size < 0) break;
    child = el.dataStart + el.size;
  }
  throw new Error('No Info element in the Segment');
}

function documentHtml(spec: DocumentSpec): string {
  const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const pages = spec.pages
    .map(
      (p, i) => `<section><p class="doc">${escapeHtml(spec.title)} · ${i + 1} / ${spec.pages.length}</p>
        <h1>${escapeHtml(p.heading)}</h1>${p.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('')}</section>`,
    )
    .join('');
  return `<!doctype html><html lang="${spec.language}"><head><meta charset="utf-8"><style>
    body { font-family: sans-serif; color: #1d2033; margin: 0; }
    section { page-break-after: always; padding: 40px 10px; }
    section:last-child { page-break-after: auto; }
    .doc { color: #3f51b5; font-weight: bold; letter-spacing: .05em; text-transform: uppercase; font-size: 12px; }
    h1 { font-size: 30px; border-bottom: 4px solid #3f51b5; padding-bottom: 8px; }
    p { font-size: 16px; line-height: 1.6; }
  </style></head><body>${pages}</body></html>`;
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body style="margin:0"></body></html>');
    for (const spec of VIDEOS) {
      const file = withDuration(await recordInPage(page, spec));
      writeFileSync(path.join(out, spec.file), file);
      console.log(`${spec.file}: ${(file.length / 1024).toFixed(0)} kB`);
    }
    for (const spec of DOCUMENTS) {
      await page.setContent(documentHtml(spec));
      const pdf = await page.pdf({
        format: 'A4',
        margin: { top: '20mm', bottom: '20mm', left: '18mm', right: '18mm' },
      });
      writeFileSync(path.join(out, spec.file), pdf);
      console.log(`${spec.file}: ${(pdf.length / 1024).toFixed(0)} kB`);
    }
  } finally {
    await browser.close();
  }
}

await main();
