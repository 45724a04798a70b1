/**
 * Makes the demo content library's cover images (apps/api/src/db/seed/media/cover-*.jpg): a title card per content,
 * drawn by the system Chromium from HTML and saved as a 640×360 JPEG; and the demo educations' and programs' covers
 * (edu-*.jpg, program-*.jpg): a glyph card without words, so Demo Holding (Turkish) and Acme (English) share one
 * image per topic and the media stays small. Run by hand when the demo library changes:
 *
 *   npx tsx apps/api/scripts/make-demo-covers.ts [prefix]
 *
 * With a prefix (`edu-`, `program-`, `cover-`), only the images whose names start with it are drawn again.
 * The images are committed; the seed only copies them into the demo companies' storage.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/seed/media');

/** name → the card: a label, a title, two gradient colours and a large glyph (DejaVu Sans has them; colour emoji fonts are not on every machine). */
const COVERS: Record<string, { label: string; title: string; from: string; to: string; glyph: string }> = {
  onboarding: { label: 'VIDEO', title: 'Kampus’a hoş geldiniz', from: '#3F51B5', to: '#00b8d9', glyph: '▶' },
  security: { label: 'VIDEO', title: 'Information security basics', from: '#1f2a44', to: '#36b37e', glyph: '◆' },
  handbook: { label: 'DOKÜMAN', title: 'Çalışan el kitabı', from: '#ff8a00', to: '#EC5252', glyph: '✎' },
  policy: { label: 'DOCUMENT', title: 'Code of conduct', from: '#5b2a86', to: '#666CFF', glyph: '⚖' },
  safety: { label: 'SCORM', title: 'İş sağlığı ve güvenliği', from: '#ffab00', to: '#d35400', glyph: '✚' },
  service: { label: 'SCORM', title: 'Customer service essentials', from: '#0f766e', to: '#22c55e', glyph: '★' },
  privacy: { label: 'BAĞLANTI', title: 'KVKK aydınlatma metni', from: '#334155', to: '#64748b', glyph: '§' },
  remote: { label: 'SAYFA', title: 'Uzaktan çalışma rehberi', from: '#be185d', to: '#f97316', glyph: '⌂' },
  'remote-en': { label: 'PAGE', title: 'Remote work guide', from: '#be185d', to: '#f97316', glyph: '⌂' },
};

/** The demo educations' (and programs') covers: topic → gradient and glyph; db/seed/educations.ts names them. */
const TOPIC_COVERS: Record<string, { from: string; to: string; glyph: string }> = {
  'edu-security-awareness': { from: '#1f2a44', to: '#3F51B5', glyph: '◆' },
  'edu-phishing': { from: '#0f172a', to: '#0ea5e9', glyph: '✉' },
  'edu-privacy': { from: '#334155', to: '#6366f1', glyph: '§' },
  'edu-passwords': { from: '#1e293b', to: '#14b8a6', glyph: '✱' },
  'edu-safety-basics': { from: '#ffab00', to: '#d35400', glyph: '✚' },
  'edu-fire': { from: '#b91c1c', to: '#f97316', glyph: '⚠' },
  'edu-ergonomics': { from: '#0d9488', to: '#84cc16', glyph: '☺' },
  'edu-ethics': { from: '#5b2a86', to: '#666CFF', glyph: '⚖' },
  'edu-anti-bribery': { from: '#7f1d1d', to: '#be123c', glyph: '⊘' },
  'edu-diversity': { from: '#db2777', to: '#a855f7', glyph: '✿' },
  'edu-sales': { from: '#15803d', to: '#22c55e', glyph: '↗' },
  'edu-customer-experience': { from: '#0f766e', to: '#06b6d4', glyph: '★' },
  'edu-negotiation': { from: '#92400e', to: '#f59e0b', glyph: '⇄' },
  'edu-leadership': { from: '#1e3a8a', to: '#7c3aed', glyph: '✪' },
  'edu-feedback': { from: '#0369a1', to: '#22d3ee', glyph: '✎' },
  'edu-communication': { from: '#9333ea', to: '#ec4899', glyph: '☎' },
  'edu-time': { from: '#374151', to: '#f59e0b', glyph: '◷' },
  'edu-remote': { from: '#0e7490', to: '#4f46e5', glyph: '⌂' },
  'edu-welcome': { from: '#3F51B5', to: '#00b8d9', glyph: '☀' },
  'edu-expenses': { from: '#475569', to: '#94a3b8', glyph: '¤' },
  'program-onboarding': { from: '#312e81', to: '#06b6d4', glyph: '➜' },
  'program-compliance': { from: '#14532d', to: '#0ea5e9', glyph: '✔' },
  'program-manager': { from: '#4c1d95', to: '#f43f5e', glyph: '♛' },
};

const topicHtml = (c: (typeof TOPIC_COVERS)[string]) => `<!doctype html><html><body style="margin:0">
<div style="width:640px;height:360px;box-sizing:border-box;position:relative;overflow:hidden;
  font-family:'DejaVu Sans',sans-serif;color:#fff;background:linear-gradient(135deg,${c.from},${c.to})">
  <div style="position:absolute;left:-80px;top:-120px;width:360px;height:360px;border-radius:50%;
    background:rgba(255,255,255,.08)"></div>
  <div style="position:absolute;right:-60px;bottom:-140px;width:420px;height:420px;border-radius:50%;
    background:rgba(255,255,255,.1)"></div>
  <div style="position:absolute;inset:0;display:flex;align-items:center;justify-content:center;font-size:150px;
    opacity:.92;text-shadow:0 6px 24px rgba(0,0,0,.25)">${c.glyph}</div>
</div></body></html>`;

const html = (c: (typeof COVERS)[string]) => `<!doctype html><html><body style="margin:0">
<div style="width:640px;height:360px;box-sizing:border-box;padding:40px;display:flex;flex-direction:column;
  justify-content:space-between;font-family:'DejaVu Sans',sans-serif;color:#fff;position:relative;overflow:hidden;
  background:linear-gradient(135deg,${c.from},${c.to})">
  <div style="position:absolute;right:-30px;bottom:-60px;font-size:260px;opacity:.18">${c.glyph}</div>
  <div style="font-size:18px;letter-spacing:4px;font-weight:700;opacity:.85">${c.label}</div>
  <div style="font-size:44px;font-weight:700;line-height:1.15;max-width:480px">${c.title}</div>
  <div style="font-size:16px;opacity:.8">Kampus</div>
</div></body></html>`;

const only = process.argv[2] ?? '';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 640, height: 360 } });
  for (const [name, cover] of Object.entries(COVERS)) {
    if (!`cover-${name}`.startsWith(only)) continue;
    await page.setContent(html(cover));
    await page.screenshot({ path: path.join(out, `cover-${name}.jpg`), type: 'jpeg', quality: 80 });
    console.log(`cover-${name}.jpg`);
  }
  for (const [name, cover] of Object.entries(TOPIC_COVERS)) {
    if (!name.startsWith(only)) continue;
    await page.setContent(topicHtml(cover));
    await page.screenshot({ path: path.join(out, `${name}.jpg`), type: 'jpeg', quality: 72 });
    console.log(`${name}.jpg`);
  }
} finally {
  await browser.close();
}
