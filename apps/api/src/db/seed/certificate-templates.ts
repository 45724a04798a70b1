import { type CertificateFieldInput, certificateDesignSchema } from '@kampus/shared';
import { loadCertificateLibraries } from '../../modules/learning/certificates/libraries.js';
import type { FileStorage } from '../../platform/storage.js';
import { fileUrlOf } from '../../platform/uploads.js';
import type { Db } from '../client.js';
import { certificateTemplates, storedFiles } from '../schema/index.js';

/** A company's certificate look: its theme's colours and the language its texts are written in. */
export interface CertificateLook {
  companyId: number;
  language: 'tr' | 'en';
  /** The theme's primary colour (frames, titles) and a light tint of it (the plain template's page). */
  primary: string;
  tint: string;
  /** Two people who sign the company's certificates. */
  signers: [string, string];
}

/** A framed page in the company's colour, drawn at twice the page's size in points (sharp at print size). */
export function frameSvg(primary: string): string {
  const w = 1190;
  const h = 1684;
  const corner = (x: number, y: number, sx: number, sy: number) =>
    `<path transform="translate(${x} ${y}) scale(${sx} ${sy})" d="M0 0h120v10H10v110H0z M26 26h60v6H32v54h-6z" fill="${primary}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs><linearGradient id="band" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${primary}" stop-opacity="0.9"/><stop offset="1" stop-color="${primary}" stop-opacity="0.55"/>
    </linearGradient></defs>
    <rect width="${w}" height="${h}" fill="#fffdf8"/>
    <rect x="40" y="40" width="${w - 80}" height="${h - 80}" fill="none" stroke="${primary}" stroke-width="14"/>
    <rect x="72" y="72" width="${w - 144}" height="${h - 144}" fill="none" stroke="${primary}" stroke-width="3" stroke-opacity="0.6"/>
    ${corner(90, 90, 1, 1)}${corner(w - 90, 90, -1, 1)}${corner(90, h - 90, 1, -1)}${corner(w - 90, h - 90, -1, -1)}
    <rect x="72" y="300" width="${w - 144}" height="8" fill="url(#band)"/>
    <rect x="72" y="${h - 420}" width="${w - 144}" height="4" fill="${primary}" fill-opacity="0.4"/>
  </svg>`;
}

/** A handwritten-looking signature stroke, different per seed. */
export function signatureSvg(seed: number): string {
  const wave = (i: number) => Math.round(20 * Math.sin(seed * 1.7 + i * 1.3));
  const d = [
    `M20 ${80 + wave(0)}`,
    `C60 ${10 + wave(1)} 90 ${120 + wave(2)} 130 ${60 + wave(3)}`,
    `S190 ${20 + wave(4)} 220 ${80 + wave(5)}`,
    `S300 ${110 + wave(6)} 340 ${50 + wave(7)}`,
    `S420 ${70 + wave(8)} 470 ${90 + wave(9)}`,
    `M150 ${110 + wave(10)} L380 ${95 + wave(11)}`,
  ].join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="150"><path d="${d}" fill="none" stroke="#1e2a4a" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

async function storePng(tx: Db, files: FileStorage, companyId: number, svg: string, originalName: string) {
  // resvg loads with the certificate renderer, not with the server (certificates/libraries.ts).
  const { Resvg } = await loadCertificateLibraries();
  const bytes = Buffer.from(new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng());
  const stored = await files.put(companyId, 'png', bytes, { contentType: 'image/png' });
  await tx.insert(storedFiles).values({
    companyId,
    name: stored.name,
    originalName,
    size: stored.size,
    mime: 'image/png',
    visibility: 'public',
    attachments: 1,
    attachedAt: new Date(),
  });
  return fileUrlOf(stored.name);
}

const TEXTS = {
  tr: {
    framed: 'Katılım Sertifikası',
    plain: 'Başarı Sertifikası',
    title: 'KATILIM SERTİFİKASI',
    achievement: 'BAŞARI SERTİFİKASI',
    lead: 'Bu sertifika, aşağıda adı geçen çalışanımızın',
    completed: 'eğitimini başarıyla tamamladığını belgeler.',
    achieved: 'sınavını yüksek bir puanla geçerek bu sertifikayı almaya hak kazanmıştır.',
    verify: 'Doğrulamak için karekodu okutun',
  },
  en: {
    framed: 'Certificate of Completion',
    plain: 'Certificate of Achievement',
    title: 'CERTIFICATE OF COMPLETION',
    achievement: 'CERTIFICATE OF ACHIEVEMENT',
    lead: 'This is to certify that',
    completed: 'has successfully completed the training above.',
    achieved: 'has passed the assessment with distinction and earned this certificate.',
    verify: 'Scan the code to verify',
  },
} as const;

/** Both languages of a text, the company's own first (the renderer prints the certificate's language). */
const both = (key: keyof (typeof TEXTS)['tr']) => ({ tr: TEXTS.tr[key], en: TEXTS.en[key] });

/**
 * The two demo designs of a company (its framed completion certificate and its plain achievement certificate), given
 * the addresses of its stored background and signatures. Also what `npm run bench:certificates` renders.
 */
export function demoCertificateDesigns(look: CertificateLook, background: string, signatures: [string, string]) {
  const t = TEXTS[look.language];
  const ink = '#1f2937';
  const framed: CertificateFieldInput[] = [
    { key: 'logo', type: 'logo', x: 247, y: 62, width: 100, height: 70, size: 10 },
    {
      key: 'title',
      type: 'free_text',
      x: 60,
      y: 170,
      width: 475,
      height: 40,
      size: 28,
      font: 'noto-serif',
      weight: 'bold',
      color: look.primary,
      text: both('title'),
    },
    {
      key: 'lead',
      type: 'free_text',
      x: 60,
      y: 250,
      width: 475,
      height: 22,
      size: 13,
      color: ink,
      text: both('lead'),
    },
    {
      key: 'name',
      type: 'full_name',
      x: 50,
      y: 290,
      width: 495,
      height: 48,
      size: 34,
      font: 'noto-serif',
      weight: 'bold',
      color: ink,
    },
    {
      key: 'education',
      type: 'education_name',
      x: 60,
      y: 360,
      width: 475,
      height: 26,
      size: 17,
      weight: 'bold',
      color: look.primary,
    },
    {
      key: 'completed',
      type: 'free_text',
      x: 60,
      y: 395,
      width: 475,
      height: 22,
      size: 13,
      color: ink,
      text: both('completed'),
    },
    { key: 'date', type: 'completion_date', x: 60, y: 450, width: 230, height: 20, size: 12, color: ink },
    { key: 'hours', type: 'duration_hours', x: 305, y: 450, width: 230, height: 20, size: 12, color: ink },
    {
      key: 'sign1',
      type: 'signature_image',
      x: 70,
      y: 560,
      width: 170,
      height: 52,
      size: 10,
      image_url: signatures[0],
    },
    {
      key: 'sign2',
      type: 'signature_image',
      x: 355,
      y: 560,
      width: 170,
      height: 52,
      size: 10,
      image_url: signatures[1],
    },
    {
      key: 'issuer1',
      type: 'issuer_name',
      x: 55,
      y: 618,
      width: 200,
      height: 18,
      size: 10,
      weight: 'bold',
      color: ink,
      issuer_name: look.signers[0],
    },
    {
      key: 'issuer2',
      type: 'issuer_name',
      x: 340,
      y: 618,
      width: 200,
      height: 18,
      size: 10,
      weight: 'bold',
      color: ink,
      issuer_name: look.signers[1],
    },
    { key: 'qr', type: 'qr_code', x: 262, y: 672, width: 72, height: 72, size: 10, color: ink },
    {
      key: 'verify',
      type: 'free_text',
      x: 160,
      y: 748,
      width: 275,
      height: 14,
      size: 8,
      color: '#6b7280',
      text: both('verify'),
    },
    {
      key: 'number',
      type: 'certificate_number',
      x: 160,
      y: 764,
      width: 275,
      height: 14,
      size: 8,
      color: '#6b7280',
    },
  ];
  const plain: CertificateFieldInput[] = [
    {
      key: 'title',
      type: 'free_text',
      x: 40,
      y: 120,
      width: 515,
      height: 40,
      size: 26,
      font: 'noto-sans',
      weight: 'bold',
      color: look.primary,
      text: both('achievement'),
    },
    { key: 'name', type: 'full_name', x: 40, y: 250, width: 515, height: 46, size: 32, weight: 'bold', color: ink },
    {
      key: 'education',
      type: 'education_name',
      x: 40,
      y: 320,
      width: 515,
      height: 26,
      size: 16,
      color: look.primary,
    },
    {
      key: 'text',
      type: 'free_text',
      x: 40,
      y: 356,
      width: 515,
      height: 22,
      size: 12,
      color: ink,
      text: both('achieved'),
    },
    {
      key: 'score',
      type: 'score',
      x: 40,
      y: 420,
      width: 515,
      height: 40,
      size: 28,
      weight: 'bold',
      color: look.primary,
    },
    {
      key: 'date',
      type: 'completion_date',
      x: 60,
      y: 640,
      width: 220,
      height: 18,
      size: 11,
      align: 'left',
      color: ink,
    },
    {
      key: 'expiry',
      type: 'expiry_date',
      x: 315,
      y: 640,
      width: 220,
      height: 18,
      size: 11,
      align: 'right',
      color: ink,
    },
    {
      key: 'issuer',
      type: 'issuer_name',
      x: 60,
      y: 700,
      width: 250,
      height: 18,
      size: 11,
      align: 'left',
      weight: 'bold',
      color: ink,
      issuer_name: look.signers[0],
    },
    { key: 'qr', type: 'qr_code', x: 455, y: 690, width: 80, height: 80, size: 10, color: ink },
    {
      key: 'number',
      type: 'certificate_number',
      x: 60,
      y: 760,
      width: 250,
      height: 14,
      size: 8,
      align: 'left',
      color: '#6b7280',
    },
  ];
  return [
    { name: t.framed, design: { background_color: '#fffdf8', background_url: background, fields: framed } },
    { name: t.plain, design: { background_color: look.tint, fields: plain } },
  ];
}

/**
 * Two certificate templates per demo company in its colours: a framed completion certificate on a background image
 * with two signatures, and a plain achievement certificate on the theme's tint with the score and the expiry date.
 */
export async function seedCertificateTemplates(tx: Db, files: FileStorage, looks: CertificateLook[]): Promise<void> {
  for (const look of looks) {
    const [frameName, signatureName] =
      look.language === 'tr' ? ['sertifika-cerceve', 'imza'] : ['certificate-frame', 'signature'];
    const background = await storePng(tx, files, look.companyId, frameSvg(look.primary), `${frameName}.png`);
    const signatures = [
      await storePng(tx, files, look.companyId, signatureSvg(look.companyId * 3 + 1), `${signatureName}-1.png`),
      await storePng(tx, files, look.companyId, signatureSvg(look.companyId * 3 + 2), `${signatureName}-2.png`),
    ];
    const designs = demoCertificateDesigns(look, background, [signatures[0]!, signatures[1]!]);
    for (const { name, design } of designs) {
      // Through the shared schema, so the demo templates obey the rules an admin's save obeys.
      const parsed = certificateDesignSchema.parse(design);
      await tx.insert(certificateTemplates).values({
        companyId: look.companyId,
        name,
        status: 1,
        backgroundColor: parsed.background_color,
        backgroundUrl: parsed.background_url,
        fields: parsed.fields,
      });
    }
  }
}
