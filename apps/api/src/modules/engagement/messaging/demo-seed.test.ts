import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../../test/helpers.js';
import { DEMO_PASSWORD } from '../../../db/seed/demo.js';

/** The demo data the README promises: the side menu and the learners' conversations. */
describe('demo seed: menu and conversations', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createDemoTestApp();
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  const as = async (slug: string, email: string) => {
    const session = await login(test.app, { slug }, email, DEMO_PASSWORD);
    const get = (url: string, query?: Record<string, string>) =>
      call(test.app, 'GET', url, { host: `${slug}.localhost`, token: session.access_token, query });
    return { session, get };
  };

  it('gives Demo Holding fourteen menu items in order, my-statistics switched off', async () => {
    const { session, get } = await as('demo', 'learner@demo.test');
    const items = (await get('/api/widgets', { company_id: String(session.company_id), by_user: 'true' })).json()
      .data as { type: string; status: number; title: string | null }[];
    expect(items.map((i) => i.type)).toEqual([
      'dashboard',
      'notification',
      'my-assignment',
      'my-education',
      'education-category',
      'my-statistics',
      'my-collection',
      'gift',
      'wall',
      'leader-table',
      'agenda',
      'test',
      'my-certification',
      'faq',
    ]);
    expect(items.filter((i) => i.status === 0).map((i) => i.type)).toEqual(['my-statistics']);
    expect(items.find((i) => i.type === 'wall')?.title).toBe('Sosyal Duvar');
    expect(session.menu).toHaveLength(13);
  });

  it('leaves learner@demo.test two unread conversations among four, newest first', async () => {
    const { get } = await as('demo', 'learner@demo.test');
    expect((await get('/api/user-messages-count')).json()).toEqual({ data: 2 });
    const list = (await get('/api/user-messages')).json().data as {
      unread: boolean;
      message: string;
      group: { name: string } | null;
    }[];
    expect(list.map((c) => [c.unread, c.group?.name ?? null])).toEqual([
      [true, 'Pazarlama Ekibi'],
      [true, null],
      [false, null],
      [false, null],
    ]);
    expect(list[1]?.message).toBe('Harika, teşekkürler! Sertifikanı aldıktan sonra bana da haber ver.');
  });

  it('gives Acme its own menu with notifications switched off, and one unread conversation', async () => {
    const { session, get } = await as('acme', 'learner@acme.test');
    const items = (await get('/api/widgets', { company_id: String(session.company_id) })).json().data as {
      type: string;
      status: number;
    }[];
    expect(items.at(-1)).toMatchObject({ type: 'notification', status: 0 });
    expect((await get('/api/user-messages-count')).json()).toEqual({ data: 1 });
    expect((await get('/api/user-messages')).json().data).toHaveLength(2);
  });
});
