import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await b.newContext();
const p = await ctx.newPage();
await p.goto('http://demo.localhost:3100/login');
await p.locator('[data-testid=data-notice-accept]').click();
await p.waitForTimeout(1000);
const p2 = await ctx.newPage();
const files = [];
p2.on('request', (r) => { const u = new URL(r.url()); if (u.pathname.startsWith('/assets/')) files.push(u.pathname); });
await p2.goto('http://demo.localhost:3100/login');
await p2.waitForLoadState('networkidle');
let total = 0;
for (const f of files) { try { const s = gzipSync(readFileSync('dist' + f), { level: 9 }).length; total += s; console.log(s, f); } catch { console.log('?', f); } }
console.log('TOTAL', total);
await b.close();
