import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  COMPANY_JSON_ELEMENT_ID,
  type CompanySelf,
  DEFAULT_LOCALE,
  DEFAULT_THEME,
  FLAG_SHAPES,
  isLocale,
  type Locale,
  readLoginOptions,
  SEALED_STORAGE,
  SHELL_ELEMENT_ID,
  STORAGE_PREFIX,
} from '@kampus/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiPath } from '../../paths.js';
import { type Translate, translator } from '../i18n.js';
import type { HostCompany } from '../tenancy.js';
import type { PrecompressedJson } from './precompressed.js';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Serves the built web app on the API's port: hashed assets cached for a year, and for every other GET outside /api
 * the single page, titled with the host company's name (spec §1) so the title is right before any script runs.
 * Unknown /api paths keep their JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | null,
  companySelfAnswer: (host: HostCompany) => Promise<PrecompressedJson>,
): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  const page = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  if (page && distDir) {
    await app.register(fastifyStatic, {
      root: path.join(distDir, 'assets'),
      index: false,
      wildcard: false,
      prefix: '/assets/',
      decorateReply: false,
      // The build writes .br and .gz beside each script and sheet: sent as they are to a browser accepting them.
      preCompressed: true,
      setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  }

  /** api/company/self as the API answers it on this host (the companies module's cached answer), for the page to carry. */
  const companySelf = async (host: HostCompany): Promise<CompanySelf> =>
    (JSON.parse((await companySelfAnswer(host)).body) as { data: CompanySelf }).data;

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const title = escapeHtml(request.company?.name ?? 'Kampus');
    const language = pageLanguage(request);
    const company = request.company ? await companySelf(request.company).catch(() => null) : null;
    const shell = company ? firstPaintShell(request.url, company, language) : null;
    if (shell) allowShellScript(reply, shell.script);
    return reply
      .code(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(
        // Replacer functions: a name with `$&` or `$\`` must be inserted literally, not read as a pattern.
        page!
          .replace(
            /<title>[^<]*<\/title>/,
            () => `<title>${title}</title>${bootData(request, language, company)}${shell?.style ?? ''}`,
          )
          .replace('<html lang="tr">', () => `<html lang="${language}">`)
          .replace('<div id="root"></div>', () => `${shell?.html ?? ''}<div id="root"></div>`),
      );
  };

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest =
      request.method === 'GET' && !request.url.startsWith('/api') && !request.url.startsWith('/assets/');
    if (page && isPageRequest) return sendPage(request, reply);
    return reply.code(404).send({ message: request.t('errors.route_not_found') });
  });
}

/**
 * The language a page starts in: the one the request names (X-Content-Language), else the one the app started in
 * last time on this browser (its `kampus_language` cookie, written by the web app's boot), else the company's default.
 */
function pageLanguage(request: FastifyRequest): Locale {
  if (request.headers['x-content-language']) return request.lang;
  const remembered = request.headers.cookie?.match(/(?:^|;\s*)kampus_language=([a-z]{2})(?:;|$)/)?.[1];
  if (isLocale(remembered)) return remembered;
  return isLocale(request.company?.defaultLanguage) ? request.company.defaultLanguage : DEFAULT_LOCALE;
}

/**
 * The two answers the app waits for before its first render (apps/web/src/app/boot.ts): the company of the host,
 * written into the page as JSON (the app reads it there instead of asking), and the texts of the language the page
 * starts in, which the browser is asked to fetch while it still downloads the scripts rather than after running them.
 * When the company could not be read here, the browser is asked to fetch it too.
 */
function bootData(request: FastifyRequest, language: Locale, company: CompanySelf | null): string {
  if (!request.company) return '';
  const preload = (href: string) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${href}">`;
  const companyData = company
    ? `<script type="application/json" id="${COMPANY_JSON_ELEMENT_ID}">${jsonForHtml({ data: company })}</script>`
    : preload('/api/company/self');
  return companyData + preload(`/api/localization?language=${language}`);
}

/** JSON that cannot end the `<script>` element holding it: every `<` is written as its escape. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page a path shows first, when it is one with a first-paint shell. */
function shellPage(url: string): 'sign-in' | 'learner-home' | null {
  const path = url.split('?')[0];
  if (path === '/login') return 'sign-in';
  // The start goes on to the learner home for a signed-in person (the shell's script checks the other cases).
  if (path === '/' || path === '/dashboard') return 'learner-home';
  return null;
}

interface Shell {
  style: string;
  html: string;
  script: string;
}

/** The first-paint shell of the page at `url`, or null when it has none (or the company's colour cannot be shaded). */
function firstPaintShell(url: string, company: CompanySelf, language: Locale): Shell | null {
  const kind = shellPage(url);
  const palette = kind ? brandPalette(company.settings.find((entry) => entry.key === 'theme_settings')?.value) : null;
  if (!palette) return null;
  if (kind === 'sign-in') {
    const html = signInShell(company, language, palette);
    return { style: SHELL_STYLE, html: `${html}<script>${SHELL_SCRIPT}</script>`, script: SHELL_SCRIPT };
  }
  const html = learnerHomeShell(company, language, palette);
  return {
    style: LEARNER_SHELL_STYLE,
    html: `${html}<script>${LEARNER_SHELL_SCRIPT}</script>`,
    script: LEARNER_SHELL_SCRIPT,
  };
}

/*
 * The sign-in page's first-paint shell (issue 11). The page shows as soon as its HTML and the entry's style sheet
 * are in, about a second before the scripts have downloaded and run: the same page in plain HTML, in the company's
 * colours, name or logo and the page's language, with the geometry of apps/web's PublicLayout and LoginPage (Mantine's
 * default sizes as the app's theme sets them), so nothing moves when the app renders it. The app hides its own root
 * while the shell is there and removes the shell in the frame its page arrives (apps/web/src/lib/shell.ts), keeping
 * what was typed and where the focus was. Until then the links work as plain links and the form does nothing (no
 * <form>: Enter cannot send the password in a query). `web.test.ts` and `apps/web/e2e/shell.e2e.ts` hold it to that.
 */

/**
 * Removes the shell before it paints when the app will not show the sign-in page: someone signed in on this browser
 * (the session's key in localStorage; its value is sealed, its name is not) or a `?token=` link (startup rules).
 * Allowed by its hash in the page's Content-Security-Policy.
 */
const SHELL_SCRIPT = `(function(){try{var s=document.getElementById('${SHELL_ELEMENT_ID}');if(s&&(localStorage.getItem('${STORAGE_PREFIX}token')||/[?&]token=/.test(location.search)))s.remove()}catch(e){}})()`;
const scriptHashes = new Map<string, string>();
function scriptHash(script: string): string {
  let hash = scriptHashes.get(script);
  if (!hash) {
    hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    scriptHashes.set(script, hash);
  }
  return hash;
}

/** The page's Content-Security-Policy, allowing the shell's one inline script by its hash. */
function allowShellScript(reply: FastifyReply, script: string): void {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  reply.header(
    'content-security-policy',
    policy.replace(
      /(^|;)(\s*)script-src ([^;]*)/,
      (_m, start, space, sources) => `${start}${space}script-src ${sources} ${scriptHash(script)}`,
    ),
  );
}

const FONT = 'Inter,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';
/** Mantine's shadow "sm", as the app's card has it. */
const SHADOW_SM = '0 1px 3px rgba(0,0,0,.05),rgba(0,0,0,.05) 0 10px 15px -5px,rgba(0,0,0,.04) 0 7px 7px -5px';

const SHELL_STYLE = `<style>
#${SHELL_ELEMENT_ID}~#root{display:none}
.ks{min-height:100vh;display:flex;flex-direction:column;background:var(--ks-0);font-family:${FONT};font-size:16px;line-height:1.55;color:#000}
.ks *,.ks *::before,.ks *::after{box-sizing:border-box}
.ks a{color:var(--ks-6);text-decoration:none}
.ks a:hover{text-decoration:underline}
.ks-top{display:flex;align-items:center;justify-content:space-between;gap:16px;padding:16px}
.ks-top>div{display:flex;align-items:center;gap:10px}
.ks a.ks-logo{display:block;color:var(--ks-8);font-size:18px;font-weight:700;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0}
.ks-logo img{display:block;height:36px;width:auto}
.ks-lang{display:inline-flex;align-items:center;height:30px;padding:0 10px;border:1px solid transparent;border-radius:8px;background:none;color:var(--ks-9);font:600 16px/1 ${FONT};white-space:nowrap;cursor:pointer}
.ks-main{flex:1}
.ks-center{display:flex;justify-content:center;align-items:center;padding:0 16px 32px}
.ks-card{width:100%;max-width:440px;background:#fff;border:1px solid #dee2e6;border-radius:16px;padding:32px;box-shadow:${SHADOW_SM};display:flex;flex-direction:column;gap:20px}
.ks h1{margin:0;font-size:26px;line-height:1.3;font-weight:700}
.ks-form{display:flex;flex-direction:column;gap:16px}
.ks label{display:inline-block;font-size:14px;font-weight:600;line-height:1.55;word-break:break-word}
.ks-input{position:relative}
.ks input{display:block;width:100%;height:36px;margin:0;padding:0 12px;border:1px solid #ced4da;border-radius:8px;background:#fff;color:#000;font:14px/34px ${FONT};outline:none}
.ks input:focus{border-color:var(--ks-6)}
.ks input[type=password]{padding-right:34px}
.ks-eye{position:absolute;top:1px;right:1px;width:34px;height:34px;display:flex;align-items:center;justify-content:center;color:#212529;pointer-events:none}
.ks-eye svg{width:20px;height:20px}
.ks-links{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:16px;font-size:14px}
.ks-submit{display:block;width:100%;height:36px;padding:0 18px;border:1px solid transparent;border-radius:8px;background:var(--ks-6);color:#fff;font:600 14px/1 ${FONT};cursor:pointer}
.ks a.ks-small{display:block;text-align:center;font-size:12px;color:#495057}
.ks-foot{padding:20px 16px}
.ks-foot div{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:16px;font-size:14px}
.ks-foot p{margin:0;color:#495057}
.ks-foot a{color:#495057}
</style>`;

const EYE =
  '<svg viewBox="0 0 256 256" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" ' +
  'stroke-linecap="round" stroke-linejoin="round" stroke-width="16" d="M128 56c-80 0-112 72-112 72s32 72 112 72 ' +
  '112-72 112-72-32-72-112-72z"/><circle cx="128" cy="128" r="40" fill="none" stroke="currentColor" ' +
  'stroke-linecap="round" stroke-linejoin="round" stroke-width="16"/></svg>';

/** The sign-in page of `company` in plain HTML: every text escaped, the company's name and logo link included. */
function signInShell(company: CompanySelf, language: Locale, palette: string): string {
  const t: Translate = translator(language);
  const text = (key: string) => escapeHtml(t(key));
  const name = escapeHtml(company.name);
  const setting = (key: string) => company.settings.find((entry) => entry.key === key)?.value;
  const options = readLoginOptions(setting('login_options'));
  const identifiers = escapeHtml(options.identifiers.map((id) => t(`identifiers.${id}`)).join(' / '));
  const code = language.toUpperCase();
  const logo = company.logo_link ? `<img src="${escapeHtml(company.logo_link)}" alt="${name}">` : name;
  const register = options.self_registration ? `<a href="/register">${text('register.link')}</a>` : '';
  const flag = `<svg width="20" height="13.333" viewBox="0 0 30 20" aria-hidden="true" focusable="false">${FLAG_SHAPES[language]}</svg>`;
  return (
    `<div id="${SHELL_ELEMENT_ID}" class="ks" style="${palette}">` +
    `<header class="ks-top"><a class="ks-logo" href="/">${logo}</a><div>` +
    `<button type="button" class="ks-lang" aria-label="${code}, ${text('nav.language')}">${flag}&nbsp;${code}</button>` +
    '</div></header>' +
    `<main class="ks-main"><div class="ks-center"><div class="ks-card"><h1>${text('auth.login_title')}</h1>` +
    '<div class="ks-form">' +
    `<div><label for="ks-username">${identifiers}</label><div class="ks-input">` +
    '<input id="ks-username" name="username" autocomplete="username" autofocus></div></div>' +
    `<div><label for="ks-password">${text('auth.password_label')}</label><div class="ks-input">` +
    `<input id="ks-password" name="password" type="password" autocomplete="current-password"><span class="ks-eye">${EYE}</span></div></div>` +
    `<div class="ks-links"><a href="/forgot-password">${text('auth.forgot_link')}</a>${register}</div>` +
    `<button type="button" class="ks-submit">${text('auth.submit')}</button>` +
    `<a class="ks-small" href="/policies">${text('policies.link')}</a>` +
    '</div></div></div></main>' +
    `<footer class="ks-foot"><div><p>${name}</p><a href="/policies">${text('policies.footer_link')}</a></div></footer>` +
    '</div>'
  );
}

/**
 * The shades of the company's primary colour the page uses, as apps/web/src/lib/theme.ts makes them with Mantine's
 * lighten/darken (0: the page's background, 6: links and the button — the colour made readable under white text, as the app's is —, 8:
 * the name, 9: the language button), as CSS
 * variables; null for a colour that is not #rgb or #rrggbb (then no shell: the app paints the page as before).
 */
export function brandPalette(themeSettings: unknown): string | null {
  const custom = (themeSettings as { primaryColor?: unknown } | null | undefined)?.primaryColor;
  const base = typeof custom === 'string' && custom ? custom : DEFAULT_THEME.primaryColor;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(base.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const rgb = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  const css = (channels: number[]) => `rgb(${channels.map((c) => Math.round(c)).join(',')})`;
  const lighten = (amount: number) => css(rgb.map((c) => c + (255 - c) * amount));
  const filled = readableUnderWhite(rgb);
  const darken = (amount: number) => css(filled.map((c) => c * (1 - amount)));
  return `--ks-0:${lighten(0.9)};--ks-6:${css(filled)};--ks-8:${darken(0.24)};--ks-9:${darken(0.36)}`;
}

/** WCAG's relative luminance of an sRGB colour. */
function luminance(rgb: number[]): number {
  const [r = 0, g = 0, b = 0] = rgb
    .map((c) => c / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The app's `readableUnderWhite` (apps/web lib/theme.ts): darkened in 4 % steps until white text reads at 4.5:1. */
function readableUnderWhite(rgb: number[]): number[] {
  let readable = rgb;
  for (let amount = 0.04; luminance(readable) > 1.05 / 4.5 - 0.05 && amount < 1; amount += 0.04) {
    readable = rgb.map((c) => Math.round(c * (1 - amount)));
  }
  return readable;
}

/*
 * The learner home's first-paint shell: apps/web's DashboardLayout as it first paints (its header with the name or
 * logo, the empty navbar and footer whose parts load after the page shows, the burger below 48em) around
 * DashboardPage's welcome card. The server does not know who is signed in: the shell comes hidden, and its script
 * shows it only when this browser holds a session whose user it can read: it opens the app's sealed `user` value with
 * the key the app keeps in IndexedDB (AES-GCM, then the browser's deflate: the format of apps/web/src/lib/storage.ts),
 * fills in the name and the company line and unhides the shell, all before the app's scripts have arrived. Anything
 * else (no session, a saved address or an old #/ link the start goes to instead, a `?token=` link, a value sealed
 * in the older format, any failure) removes it, and the app paints the page as before.
 */
const LEARNER_SHELL_SCRIPT = `(function(){var s=document.getElementById('${SHELL_ELEMENT_ID}');if(!s)return;function drop(){s.remove()}try{var P='${STORAGE_PREFIX}',u=localStorage.getItem(P+'user');if(!localStorage.getItem(P+'token')||localStorage.getItem(P+'redirect')||!u||u.slice(0,${SEALED_STORAGE.deflated.length})!=='${SEALED_STORAGE.deflated}'||/[?&]token=/.test(location.search)||location.hash.slice(0,2)==='#/'||typeof DecompressionStream!=='function')return drop();var o=indexedDB.open('${SEALED_STORAGE.database}',1);o.onupgradeneeded=function(){o.transaction.abort()};o.onerror=drop;o.onsuccess=function(){var db=o.result;try{var q=db.transaction('${SEALED_STORAGE.store}').objectStore('${SEALED_STORAGE.store}').get('${SEALED_STORAGE.key}');q.onerror=drop;q.onsuccess=function(){db.close();if(!q.result)return drop();var p=u.slice(${SEALED_STORAGE.deflated.length}).split('.'),b=function(t){return Uint8Array.from(atob(t),function(c){return c.charCodeAt(0)})};crypto.subtle.decrypt({name:'AES-GCM',iv:b(p[0])},q.result,b(p[1])).then(function(x){var d=new DecompressionStream('deflate-raw'),w=d.writable.getWriter();w.write(new Uint8Array(x));w.close();return new Response(d.readable).json()}).then(function(user){if(!s.isConnected)return;var v={name:user.name||'',company:user.company_name||''};s.querySelectorAll('[data-fill]').forEach(function(e){e.querySelectorAll('[data-k]').forEach(function(k){k.textContent=v[k.getAttribute('data-k')]});e.textContent=e.textContent});s.hidden=false}).catch(drop)}}catch(e){drop()}}}catch(e){drop()}})()`;

const LEARNER_SHELL_STYLE = `<style>
#${SHELL_ELEMENT_ID}~#root{display:none}
.kl{font-family:${FONT};font-size:16px;line-height:1.55;color:#000;background:#fff;min-height:100vh}
.kl[hidden]{display:none}
.kl *,.kl *::before,.kl *::after{box-sizing:border-box}
.kl-head{position:fixed;top:0;left:0;right:0;height:64px;z-index:100;background:#fff;border-bottom:1px solid #dee2e6;display:flex;align-items:center;padding:0 10px;gap:12px}
.kl-burger{display:block;width:28px;height:28px;padding:5px;margin:0;border:0;background:none;cursor:pointer;flex:none}
.kl-burger span,.kl-burger span::before,.kl-burger span::after{display:block;width:18px;height:1.5px;background:#000}
.kl-burger span{position:relative}
.kl-burger span::before,.kl-burger span::after{content:"";position:absolute;left:0}
.kl-burger span::before{top:-6px}
.kl-burger span::after{top:6px}
.kl a.kl-logo{display:block;color:var(--ks-8);font-size:18px;font-weight:700;text-decoration:none;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0}
.kl-logo img{display:block;height:36px;width:auto}
.kl-nav{display:none}
.kl-foot{position:fixed;left:0;right:0;bottom:0;height:84px;z-index:100;background:#fff;border-top:1px solid #dee2e6}
.kl-main{padding:80px 16px 100px}
.kl-card{max-width:960px;margin:0 auto;background:#fff;border:1px solid #dee2e6;border-radius:16px;padding:32px}
.kl h1{margin:0;font-size:26px;line-height:1.3;font-weight:700}
.kl-card p{margin:10px 0 0;color:#495057}
@media (min-width:48em){
.kl-head{padding:0 16px}
.kl-burger{display:none}
.kl-nav{display:block;position:fixed;top:64px;left:0;bottom:56px;width:260px;z-index:100;background:#fff;border-right:1px solid #dee2e6}
.kl-foot{height:56px}
.kl-main{padding:80px 16px 72px 276px}
}
</style>`;

/** The learner home of `company` in plain HTML, hidden: its script fills in the person and shows it (see above). */
function learnerHomeShell(company: CompanySelf, language: Locale, palette: string): string {
  const t: Translate = translator(language);
  const name = escapeHtml(company.name);
  // A translation with a person's value left to the script: the text around it escaped, the value a placeholder.
  const slot = (key: string, param: string) =>
    t(key, { [param]: '\u0000' })
      .split('\u0000')
      .map(escapeHtml)
      .join(`<span data-k="${param}"></span>`);
  const logo = company.logo_link ? `<img src="${escapeHtml(company.logo_link)}" alt="${name}">` : name;
  return (
    `<div id="${SHELL_ELEMENT_ID}" class="kl" style="${palette}" hidden>` +
    `<header class="kl-head"><button type="button" class="kl-burger" aria-label="${escapeHtml(t('menu.toggle'))}"><span></span></button>` +
    `<a class="kl-logo" href="/dashboard">${logo}</a></header>` +
    '<nav class="kl-nav"></nav>' +
    `<main class="kl-main"><div class="kl-card"><h1 data-fill>${slot('dashboard.welcome', 'name')}</h1>` +
    `<p data-fill>${slot('dashboard.company_line', 'company')}</p></div></main>` +
    '<footer class="kl-foot"></footer></div>'
  );
}

/** Where the web build lives: apps/web/dist, beside apps/api (src/paths.ts). */
export function defaultWebDist(): string {
  return apiPath('../web/dist');
}
