import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCaller, createDemoTestApp, DEMO_APP_TIMEOUT, login, type TestApp } from '../../../test/helpers.js';
import { pngSize, readPdf } from '../../../test/pdf-text.js';
import { companies, storedFiles } from '../schema/index.js';
import { asSystem } from '../scope.js';
import { DEMO_PASSWORD } from './demo.js';

describe('demo seed: certificate templates', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createDemoTestApp();
  }, DEMO_APP_TIMEOUT);
  afterAll(() => test.close());

  it.each([
    ['demo', 'admin@demo.test', 'tr', ['Katılım Sertifikası', 'Başarı Sertifikası'], 'KATILIM SERTİFİKASI'],
    [
      'acme',
      'admin@acme.test',
      'en',
      ['Certificate of Completion', 'Certificate of Achievement'],
      'CERTIFICATE OF COMPLETION',
    ],
  ])(
    '%s has two templates in its colours that render in its language',
    async (slug, adminEmail, language, names, title) => {
      const [company] = await asSystem(test.db, (tx) => tx.select().from(companies).where(eq(companies.slug, slug)));
      if (!company) throw new Error(`no ${slug}`);
      const as = companyCaller(() => ({ app: test.app, company }));
      const admin = (await login(test.app, company, adminEmail, DEMO_PASSWORD)).access_token;
      const list = await as(admin, 'GET', '/api/admin/certificate-templates', { query: { sort: 'name' } });
      expect(list.statusCode).toBe(200);
      const templates = list.json().data as {
        id: number;
        name: string;
        background_url: string | null;
        fields: { type: string; image_url: string | null }[];
      }[];
      expect(templates.map((t) => t.name).sort()).toEqual([...names].sort());

      const framed = templates.find((t) => t.background_url)!;
      // Its background and both signatures are the company's own stored files, attached.
      const images = [framed.background_url, ...framed.fields.flatMap((f) => (f.image_url ? [f.image_url] : []))];
      expect(images).toHaveLength(3);
      const stored = await asSystem(test.db, (tx) =>
        tx.select().from(storedFiles).where(eq(storedFiles.companyId, company.id)),
      );
      for (const url of images) {
        expect(stored.find((file) => url?.endsWith(file.name))).toMatchObject({ mime: 'image/png', attachments: 1 });
      }

      for (const template of templates) {
        const png = await as(admin, 'GET', `/api/admin/certificate-templates/${template.id}/preview.png`);
        expect(png.statusCode).toBe(200);
        expect(pngSize(new Uint8Array(png.rawPayload))).toEqual({ width: 600, height: 1024 });
      }
      const pdf = await as(admin, 'GET', `/api/admin/certificate-templates/${framed.id}/preview.pdf`, {
        query: { language },
      });
      expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
      const texts = (await readPdf(new Uint8Array(pdf.rawPayload))).pages[0]!.texts;
      expect(texts).toContain(title);
      expect(texts.some((text) => text.includes('·'))).toBe(true);
    },
  );
});
