import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyCaller,
  createDemoTestApp,
  DEMO_APP_TIMEOUT,
  login,
  readOutbox,
  type TestApp,
} from '../../../test/helpers.js';
import { readPdf } from '../../../test/pdf-text.js';
import { companies, users } from '../schema/index.js';
import { asSystem } from '../scope.js';
import { DEMO_PASSWORD } from './demo.js';

const manager = alias(users, 'manager');

describe('demo seed: certificates', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createDemoTestApp();
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  it.each([
    ['demo', 'learner@demo.test', 'admin@demo.test'],
    ['acme', 'learner@acme.test', 'admin@acme.test'],
  ])(
    '%s: definitions, the learner’s rendered certificates in every state, a revoked one',
    async (slug, learnerEmail, adminEmail) => {
      const [company] = await asSystem(test.db, (tx) => tx.select().from(companies).where(eq(companies.slug, slug)));
      if (!company) throw new Error(`no ${slug}`);
      const as = companyCaller(() => ({ app: test.app, company }));
      const admin = (await login(test.app, company, adminEmail, DEMO_PASSWORD)).access_token;
      const definitions = await as(admin, 'GET', '/api/admin/certificates');
      expect(definitions.json().data.length).toBeGreaterThanOrEqual(3);
      expect(definitions.json().data.some((d: { trigger: string }) => d.trigger === 'exam')).toBe(true);

      const learner = (await login(test.app, company, learnerEmail, DEMO_PASSWORD)).access_token;
      const mine = (await as(learner, 'GET', '/api/certificates/me')).json().data as {
        state: string;
        number: string;
        pdf_url: string | null;
      }[];
      expect(new Set(mine.map((c) => c.state))).toEqual(new Set(['valid', 'expiring', 'expired']));
      for (const certificate of mine) expect(certificate.pdf_url).not.toBeNull();
      const valid = mine.find((c) => c.state === 'valid')!;
      const pdf = await as(learner, 'GET', valid.pdf_url!);
      expect(pdf.statusCode).toBe(200);
      expect((await readPdf(new Uint8Array(pdf.rawPayload))).pages[0]?.texts.join(' ')).toContain(valid.number);
      expect((await as(undefined, 'GET', `/api/verify/${valid.number}`)).json().data.valid).toBe(true);

      const revoked = await as(admin, 'GET', '/api/admin/certificates/issued', { query: { status: 'revoked' } });
      expect(revoked.json().data).toHaveLength(1);
      expect(revoked.json().data[0].revoked_reason).toBeTruthy();
      expect((await as(undefined, 'GET', `/api/verify/${revoked.json().data[0].number}`)).json().data.valid).toBe(
        false,
      );
    },
  );

  it('the daily expiry run warns the demo learners of their expiring certificate, and their manager', async () => {
    const before = (await readOutbox(test)).length;
    const done = await test.services.certificates.expiry.run();
    expect(done.warned).toBeGreaterThanOrEqual(2);
    const mails = (await readOutbox(test)).slice(before).map((item) => item.content);
    for (const email of ['learner@demo.test', 'learner@acme.test']) {
      const [row] = await asSystem(test.db, (tx) =>
        tx
          .select({ manager: manager.email })
          .from(users)
          .innerJoin(manager, eq(manager.id, users.managerId))
          .where(eq(users.email, email)),
      );
      expect(row?.manager).toBe(email.replace('learner', 'admin'));
      for (const address of [email, row?.manager]) {
        expect(mails.some((mail) => mail.includes(`To: ${address}`))).toBe(true);
      }
    }
  });
});
