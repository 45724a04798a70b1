import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiLogin } from './api.js';
import { wcagAxe } from './axe.js';
import { acknowledgeDataNotice, launch, origin, signIn } from './browser.js';

type Company = { id: number; slug: string; name: string };
type Setting = { key: string; value: unknown };

/** Changes settings of a seeded company through the API, as the super admin (POST api/company). */
async function setSettings(slug: string, settings: Setting[]): Promise<void> {
  const superToken = await apiLogin('demo.localhost', 'super@kampus.test');
  const list = await apiCall<{ data: Company[] }>(
    'demo.localhost',
    'GET',
    `/api/company?search=${slug}`,
    undefined,
    superToken,
  );
  const company = list.data.find((c) => c.slug === slug);
  if (!company) throw new Error(`no company ${slug}`);
  await apiCall('demo.localhost', 'POST', '/api/company', { ...company, settings }, superToken);
}

const port = () => new URL(origin()).port;

/** The frame around every page: data notice, silent refresh, footer, network notices, profile menu, accessibility. */
describe('the frame of the app in Chromium', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /** A fresh browser profile; the notice is acknowledged by itself unless the test is about it. */
  async function freshPage(options: { keepNotice?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    if (!options.keepNotice) await acknowledgeDataNotice(page);
    return page;
  }

  beforeAll(async () => {
    browser = await launch({ acknowledgeDataNotice: false });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(() => browser.close());

  it('shows the personal-data notice on the first visit only: not after a reload, not after signing in', async () => {
    const page = await freshPage({ keepNotice: true });
    await page.goto(`${origin('demo')}/login`);
    const notice = page.getByTestId('data-notice-modal');
    await notice.getByText('Kişisel Verilerin Korunması Hakkında Aydınlatma Metni').waitFor();
    await notice.getByText('6698 sayılı Kişisel Verilerin Korunması Kanunu', { exact: false }).waitFor();
    await notice.getByText('en geç otuz (30) gün içinde', { exact: false }).waitFor();
    expect(await notice.textContent()).toContain('Demo Holding');
    await page.getByTestId('data-notice-accept').click();
    await notice.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByTestId('login-form').waitFor();
    // The notice opens with the first render; give it every chance to show up before asserting it did not.
    await page.waitForTimeout(1000);
    expect(await notice.count()).toBe(0);

    await signIn(page, 'demo', 'learner@demo.test');
    await page.getByTestId('dashboard-welcome').waitFor();
    await page.waitForTimeout(1000);
    expect(await notice.count()).toBe(0);
  });

  it("shows a company's own notice for the host it is set for, in the visitor's language", async () => {
    const host = `acme.localhost:${port()}`;
    await setSettings('acme', [
      {
        key: 'personal_data_notice',
        value: {
          default: { en: '<p>Acme default notice</p>' },
          hosts: {
            [host]: { en: '<p>Acme notice for <strong>this host</strong></p><img src=x onerror="window.pwned=1">' },
          },
        },
      },
    ]);
    try {
      const page = await freshPage({ keepNotice: true });
      await page.goto(`${origin('acme')}/login`);
      const notice = page.getByTestId('data-notice-modal');
      await notice.getByText('this host').waitFor();
      // A company's HTML is sanitized before display.
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
      expect(await notice.textContent()).not.toContain('Acme default notice');
      await notice.getByRole('button', { name: 'I have read and understood' }).click();
      await notice.waitFor({ state: 'detached' });
    } finally {
      await setSettings('acme', [{ key: 'personal_data_notice', value: { default: {}, hosts: {} } }]);
    }
  });

  it('refreshes the session silently when a call is answered 401 mid-session', async () => {
    const page = await freshPage();
    await signIn(page, 'demo', 'learner@demo.test');
    // The next list call of the bell is answered 401 once, as if the access token had just expired.
    const isLatest = (url: URL) => url.pathname === '/api/notifications' && url.searchParams.get('limit') === '10';
    await page.route(isLatest, (route) => route.fulfill({ status: 401, json: { message: 'Token expired' } }), {
      times: 1,
    });
    const refresh = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/token/refresh' && r.request().method() === 'POST',
    );
    const replay = page.waitForResponse((r) => isLatest(new URL(r.url())) && r.status() === 200);

    await page.getByTestId('notification-bell').click();
    expect((await refresh).status()).toBe(200);
    await replay;
    await page.getByTestId('notification-dropdown').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    // The new token serves the calls that follow.
    await page.goto(`${origin('demo')}/notification`);
    await page.getByTestId('notification-list').or(page.getByText('Henüz bildiriminiz yok')).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/notification');
  });

  it("shows the footer's copyright, social links and clarification text, and hides them where the company says", async () => {
    const year = new Date().getFullYear();
    const page = await freshPage();
    await signIn(page, 'demo', 'learner@demo.test');
    await expect(page.getByTestId('footer-copyright').textContent()).resolves.toBe(
      `© ${year} Demo Holding. Tüm hakları saklıdır.`,
    );
    const social = page.getByTestId('footer-social').getByRole('link');
    expect(await social.count()).toBe(4);
    const links = await social.evaluateAll((anchors) =>
      anchors.map((a) => ({
        name: a.getAttribute('aria-label'),
        href: a.getAttribute('href'),
        rel: a.getAttribute('rel'),
        target: a.getAttribute('target'),
      })),
    );
    expect(links).toEqual([
      {
        name: 'LinkedIn (yeni sekmede açılır)',
        href: 'https://www.linkedin.com/company/demo-holding',
        rel: 'noopener noreferrer',
        target: '_blank',
      },
      {
        name: 'Instagram (yeni sekmede açılır)',
        href: 'https://www.instagram.com/demoholding',
        rel: 'noopener noreferrer',
        target: '_blank',
      },
      {
        name: 'Facebook (yeni sekmede açılır)',
        href: 'https://www.facebook.com/demoholding',
        rel: 'noopener noreferrer',
        target: '_blank',
      },
      {
        name: 'YouTube (yeni sekmede açılır)',
        href: 'https://www.youtube.com/@demoholding',
        rel: 'noopener noreferrer',
        target: '_blank',
      },
    ]);

    await page.getByTestId('clarification-link').click();
    const clarification = page.getByTestId('clarification-modal');
    await clarification.getByText('Kullanıcı Bilgilendirme Metni').waitFor();
    await clarification.getByRole('button', { name: 'Kapat' }).last().click();
    await clarification.waitFor({ state: 'detached' });
    // The quick-create button belongs to company pages only.
    expect(await page.getByTestId('quick-create').count()).toBe(0);

    await setSettings('acme', [
      { key: 'hide_copyright_notice', value: true },
      { key: 'hide_social_links_hosts', value: [`acme.localhost:${port()}`] },
    ]);
    try {
      const acme = await freshPage();
      await signIn(acme, 'acme', 'learner@acme.test');
      await acme.getByTestId('clarification-link').waitFor();
      expect(await acme.getByTestId('footer-copyright').count()).toBe(0);
      expect(await acme.getByTestId('footer-social').count()).toBe(0);
    } finally {
      await setSettings('acme', [
        { key: 'hide_copyright_notice', value: false },
        { key: 'hide_social_links_hosts', value: [] },
      ]);
    }
  });

  it('tells the user when the connection drops and when it is back', async () => {
    const page = await freshPage();
    await signIn(page, 'demo', 'learner@demo.test');
    const offline = page.getByText('İnternet bağlantısı kesildi, lütfen bağlantınızı kontrol edin.');
    const online = page.getByText('İnternet bağlantısı sağlandı.');
    // The notices load after the first paint, in turn with the other deferred parts and before the footer: once the
    // footer shows they listen. Cut earlier, their own script could not load (CI once went offline before that).
    await page.getByTestId('clarification-link').waitFor();

    await page.context().setOffline(true);
    await offline.waitFor();
    // It stays until dismissed: well past the 3 s of an ordinary toast.
    await page.waitForTimeout(3500);
    expect(await offline.isVisible()).toBe(true);

    await page.context().setOffline(false);
    await online.waitFor();
    await offline.waitFor({ state: 'detached' });
    // The online notice goes by itself after 3 s.
    await online.waitFor({ state: 'detached', timeout: 6000 });
  });

  it('lists in the profile menu exactly the pages that exist', async () => {
    const candidates = [
      { testId: 'admin-panel-link', path: '/admin/dashboard' },
      { testId: 'profile-menu-profile', path: '/profile' },
      { testId: 'profile-menu-certificates', path: '/my-certification' },
      { testId: 'profile-menu-legal-notice', path: '/legal-notification' },
      { testId: 'profile-menu-faq', path: '/faq' },
    ];
    const page = await freshPage();
    await signIn(page, 'demo', 'admin@demo.test');
    const exists: Record<string, boolean> = {};
    for (const { path } of candidates) {
      await page.goto(`${origin('demo')}${path}`);
      await page.waitForLoadState('networkidle');
      exists[path] = new URL(page.url()).pathname !== '/404';
    }
    // The legal notice page comes with this issue; the others as their issues land.
    expect(exists['/legal-notification']).toBe(true);

    await page.goto(`${origin('demo')}/dashboard`);
    await page.getByTestId('avatar-menu').click();
    await page.getByTestId('logout').waitFor();
    const shown: Record<string, boolean> = {};
    for (const { testId, path } of candidates) shown[path] = (await page.getByTestId(testId).count()) > 0;
    expect(shown).toEqual(exists);
    // Order history needs the card-payment integration, which no seeded company has.
    expect(await page.getByTestId('profile-menu-order-history').count()).toBe(0);

    await page.getByTestId('profile-menu-legal-notice').click();
    await page.waitForURL(/\/legal-notification$/);
    const legal = page.getByTestId('legal-notification');
    await legal.getByRole('heading', { name: 'Kişisel Verilerin Korunması Hakkında Aydınlatma Metni' }).waitFor();
    await legal.getByRole('heading', { name: 'Kullanıcı Bilgilendirme Metni' }).waitFor();

    const learner = await freshPage();
    await signIn(learner, 'demo', 'learner@demo.test');
    await learner.getByTestId('avatar-menu').click();
    await learner.getByTestId('logout').waitFor();
    expect(await learner.getByTestId('admin-panel-link').count()).toBe(0);
  });

  it('has no serious or critical accessibility violations on /login and /dashboard', async () => {
    const page = await freshPage({ keepNotice: true });
    const serious = async (scope?: string) => {
      const builder = wcagAxe(page);
      const result = await (scope ? builder.include(scope) : builder).analyze();
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          id: v.id,
          nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').at(-1)?.trim()}`),
        }));
    };
    const found: Record<string, unknown[]> = {};

    await page.goto(`${origin('demo')}/login`);
    await page.getByTestId('data-notice-modal').waitFor();
    // The notice itself is part of the first visit; the page behind its overlay is checked once it is closed.
    found.notice = await serious('[data-testid="data-notice-modal"]');
    await page.getByTestId('data-notice-accept').click();
    await page.getByTestId('data-notice-modal').waitFor({ state: 'detached' });
    found.login = await serious();

    await signIn(page, 'demo', 'learner@demo.test');
    await page.getByTestId('dashboard-welcome').waitFor();
    await page.waitForLoadState('networkidle');
    found.dashboard = await serious();

    await page.goto(`${origin('demo')}/legal-notification`);
    await page.getByTestId('legal-notification').waitFor();
    found.legal = await serious();

    // Every page is checked before the verdict, so one run reports all of them.
    expect(found).toEqual({ notice: [], login: [], dashboard: [], legal: [] });
  });
});
