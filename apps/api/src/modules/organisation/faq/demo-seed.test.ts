import { LOCALES } from '@kampus/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../../test/helpers.js';
import { DEMO_PASSWORD } from '../../../db/seed/demo.js';

/** The demo data the README promises: Demo Holding's FAQ, written in every language. */
describe('demo seed: FAQ', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createDemoTestApp();
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  it('gives Demo Holding learners topics and questions in each of the four languages', async () => {
    const session = await login(test.app, { slug: 'demo' }, 'learner@demo.test', DEMO_PASSWORD);
    const read = (lang: string) =>
      call(test.app, 'GET', '/api/faq', {
        host: 'demo.localhost',
        token: session.access_token,
        headers: { 'x-content-language': lang },
      });
    const texts = new Set<string>();
    for (const lang of LOCALES) {
      const { categories, questions } = (await read(lang)).json().data;
      expect(categories.length).toBeGreaterThanOrEqual(3);
      expect(questions.length).toBeGreaterThanOrEqual(6);
      expect(questions.at(-1).category_id).toBeNull();
      texts.add(questions[0].question);
    }
    // Each language reads its own text, not a fallback.
    expect(texts.size).toBe(LOCALES.length);
    const acme = await login(test.app, { slug: 'acme' }, 'learner@acme.test', DEMO_PASSWORD);
    const none = await call(test.app, 'GET', '/api/faq', { host: 'acme.localhost', token: acme.access_token });
    expect(none.json().data).toEqual({ categories: [], questions: [] });
  });
});
