/**
 * Makes the demo content library's cover images (apps/api/src/db/seed/media/cover-*.jpg): a title card per content,
 * drawn by the system Chromium from HTML and saved as a 640×360 JPEG. Run by hand when the demo library changes:
 *
 *   npx tsx apps/api/scripts/make-demo-covers.ts
 *
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

const html = (c: (typeof COVERS)[string]) => `<!doctype html><html><body style="margin:0">
<div style="width:640px;height:360px;box-sizing:border-box;padding:40px;display:flex;flex-direction:column;
  justify-content:space-between;font-family:'DejaVu Sans',sans-serif;color:#fff;position:relative;overflow:hidden;
  background:linear-gradient(135deg,${c.from},${c.to})">
  <div style="position:absolute;right:-30px;bottom:-60px;font-size:260px;opacity:.18">${c.glyph}</div>
  <div style="font-size:18px;letter-spacing:4px;font-weight:700;opacity:.85">${c.label}</div>
  <div style="font-size:44px;font-weight:700;line-height:1.15;max-width:480px">${c.title}</div>
  <div style="font-size:16px;opacity:.8">Kampus</div>
</div></body></html>`;

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 640, height: 360 } });
  for (const [name, cover] of Object.entries(COVERS)) {
    await page.setContent(html(cover));
    await page.screenshot({ path: path.join(out, `cover-${name}.jpg`), type: 'jpeg', quality: 80 });
    console.log(`cover-${name}.jpg`);
  }
} finally {
  await browser.close();
}
