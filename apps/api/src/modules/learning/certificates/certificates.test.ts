import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../../test/factories.js';
import { companyCaller, createTestApp, hostOf, login, type TestApp } from '../../../../test/helpers.js';
import { pngSize, readPdf } from '../../../../test/pdf-text.js';
import { tokenWithPermissions } from '../../../../test/permissions.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import { GIF_BYTES, PNG_BYTES, upload } from '../../../../test/uploads.js';
import { certificateTemplates, storedFiles } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';

const base = '/api/admin/certificate-templates';

const nameField = {
  key: 'name',
  type: 'full_name',
  x: 40,
  y: 300,
  width: 515,
  height: 44,
  size: 30,
  font: 'noto-serif',
  weight: 'bold',
};

describeResourceContract({
  plural: 'certificate-templates',
  entity: 'certificate_template',
  permissions: { read: 'show_certificatetemplate', write: 'create_certificatetemplate' },
  create: (n) => ({ name: `Katılım Sertifikası ${n}`, background_color: '#fdf8ef', fields: [nameField] }),
  update: { name: 'Başarı Sertifikası', background_color: '#0b3d91' },
  invalid: { body: { name: '', fields: [] }, field: 'name' },
  without: ['export'],
});

describe('certificate templates: design rules, images and previews', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let adminToken: string;
  let otherAdminToken: string;
  let readerToken: string;
  const as = companyCaller(() => ({ app: test.app, company }));
  const asOther = companyCaller(() => ({ app: test.app, company: other }));

  const uploadImage = async (target: CompanyRow, token: string, kind = 'certificate_image', data = PNG_BYTES) => {
    const type = data === GIF_BYTES ? 'image/gif' : 'image/png';
    const response = await upload(test.app, [{ name: `image.${type.slice(6)}`, type, data }], {
      host: hostOf(target),
      token,
      kind,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data[0].url as string;
  };
  const attachmentsOf = async (url: string) => {
    const name = url.split('/').pop()!;
    const [row] = await asSystem(test.db, (tx) =>
      tx.select({ attachments: storedFiles.attachments }).from(storedFiles).where(eq(storedFiles.name, name)),
    );
    return row?.attachments;
  };
  const countTemplates = async (companyId: number) =>
    (
      await asSystem(test.db, (tx) =>
        tx.select().from(certificateTemplates).where(eq(certificateTemplates.companyId, companyId)),
      )
    ).length;

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    const otherAdmin = await test.factories.createAdmin(other);
    otherAdminToken = (await login(test.app, other, otherAdmin.email!)).access_token;
    readerToken = await tokenWithPermissions(test, company, ['show_certificatetemplate']);
  });
  afterAll(() => test.close());

  it('stores the design as sent, with the defaults of what was left out', async () => {
    const created = await as(adminToken, 'POST', base, {
      body: {
        name: 'Onur Belgesi',
        fields: [
          nameField,
          { key: 'qr', type: 'qr_code', x: 470, y: 730, width: 90, height: 90, size: 10 },
          {
            key: 'txt',
            type: 'free_text',
            x: 40,
            y: 200,
            width: 515,
            height: 24,
            size: 14,
            text: { tr: 'Başarıyla tamamlamıştır', az: '' },
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json().data;
    expect(item).toMatchObject({ name: 'Onur Belgesi', status: 1, background_color: '#ffffff', background_url: null });
    expect(item.fields).toHaveLength(3);
    expect(item.fields[1]).toMatchObject({ type: 'qr_code', font: 'noto-sans', align: 'center', color: '#1f2937' });
    // Empty languages are dropped.
    expect(item.fields[2].text).toEqual({ tr: 'Başarıyla tamamlamıştır' });
  });

  it('refuses a field off the page, an unknown font or type, a bad colour and a missing text, saving nothing', async () => {
    const before = await countTemplates(company.id);
    const offPage = await as(adminToken, 'POST', base, {
      lang: 'en',
      body: { name: 'Taşan', fields: [{ ...nameField, x: 300, width: 400 }] },
    });
    expect(offPage.statusCode).toBe(422);
    expect(offPage.json().errors['fields.0.x']).toEqual(['The field runs off the page. Move it or make it smaller.']);

    const font = await as(adminToken, 'POST', base, {
      lang: 'tr',
      body: { name: 'Yazı', fields: [{ ...nameField, font: 'comic-sans' }] },
    });
    expect(font.statusCode).toBe(422);
    expect(font.json().errors['fields.0.font']).toEqual(['Sunulan yazı tiplerinden birini seçin.']);

    const rest = await as(adminToken, 'POST', base, {
      lang: 'az',
      body: {
        name: 'Səhv',
        background_color: 'red',
        fields: [
          { ...nameField, key: 'a', type: 'hologram' },
          { ...nameField, key: 'b', type: 'free_text', text: {} },
          { ...nameField, key: 'c', y: 830 },
        ],
      },
    });
    expect(rest.statusCode).toBe(422);
    expect(Object.keys(rest.json().errors).sort()).toEqual(
      ['background_color', 'fields.0.type', 'fields.1.text', 'fields.2.y'].sort(),
    );
    expect(rest.json().errors.background_color).toEqual(['Rəngi #RRGGBB formatında daxil edin.']);
    expect(await countTemplates(company.id)).toBe(before);
  });

  it("refuses another company's image, an address it never issued and a logo-only format, saving nothing", async () => {
    const before = await countTemplates(company.id);
    const foreign = await uploadImage(other, otherAdminToken);
    const gif = await uploadImage(company, adminToken, 'logo', GIF_BYTES);
    const response = await as(adminToken, 'POST', base, {
      lang: 'en',
      body: {
        name: 'İmzalı',
        background_url: foreign,
        fields: [
          { ...nameField, key: 's1', type: 'signature_image', height: 40, image_url: '/api/files/nothing-here.png' },
          { ...nameField, key: 's2', type: 'signature_image', height: 40, image_url: gif },
        ],
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      background_url: ['Upload the image again: it must be a PNG or JPEG of your company.'],
      'fields.0.image_url': ['Upload the image again: it must be a PNG or JPEG of your company.'],
      'fields.1.image_url': ['Upload the image again: it must be a PNG or JPEG of your company.'],
    });
    expect(await countTemplates(company.id)).toBe(before);
    expect(await attachmentsOf(foreign)).toBe(0);
  });

  it('keeps the images it uses attached, and lets them go when replaced or deleted', async () => {
    const background = await uploadImage(company, adminToken);
    const signature = await uploadImage(company, adminToken);
    const created = await as(adminToken, 'POST', base, {
      body: {
        name: 'Arka planlı',
        background_url: background,
        fields: [
          { ...nameField, key: 's', type: 'signature_image', height: 40, image_url: signature },
          { ...nameField, key: 's2', type: 'signature_image', y: 400, height: 40, image_url: signature },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(await attachmentsOf(background)).toBe(1);
    expect(await attachmentsOf(signature)).toBe(1);

    const replaced = await as(adminToken, 'PUT', `${base}/${id}`, { body: { background_url: null } });
    expect(replaced.statusCode).toBe(200);
    expect(await attachmentsOf(background)).toBe(0);
    expect(await attachmentsOf(signature)).toBe(1);

    expect((await as(adminToken, 'DELETE', `${base}/${id}`)).statusCode).toBe(200);
    expect(await attachmentsOf(signature)).toBe(0);
  });

  it('previews an unsaved design as a PDF and a PNG with sample data in the chosen language', async () => {
    const background = await uploadImage(company, adminToken);
    const design = {
      background_color: '#f4efe3',
      background_url: background,
      fields: [nameField, { key: 'q', type: 'qr_code', x: 470, y: 730, width: 90, height: 90, size: 10 }],
    };
    const pdf = await as(adminToken, 'POST', `${base}/preview`, {
      query: { format: 'pdf', language: 'az' },
      body: design,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const read = await readPdf(new Uint8Array(pdf.rawPayload));
    expect(read.pages[0]).toMatchObject({ width: 595, height: 842 });
    expect(read.pages[0]!.texts).toContain('Gülşən Əliyeva');

    const png = await as(adminToken, 'POST', `${base}/preview`, { query: { format: 'png' }, body: design });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(pngSize(new Uint8Array(png.rawPayload))).toEqual({ width: 600, height: 1024 });

    // A preview attaches nothing: the editor previews before saving.
    expect(await attachmentsOf(background)).toBe(0);
  });

  it('answers a bad or foreign design in a preview with field errors', async () => {
    const foreign = await uploadImage(other, otherAdminToken);
    const response = await as(adminToken, 'POST', `${base}/preview`, {
      lang: 'en',
      body: { background_url: foreign, fields: [{ ...nameField, size: 400 }] },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['fields.0.size']);
    const foreignOnly = await as(adminToken, 'POST', `${base}/preview`, { body: { background_url: foreign } });
    expect(foreignOnly.statusCode).toBe(422);
    expect(Object.keys(foreignOnly.json().errors)).toEqual(['background_url']);
  });

  it("previews a saved template for readers, and answers 404 for another company's", async () => {
    const created = await as(adminToken, 'POST', base, { body: { name: 'Küçük resim', fields: [nameField] } });
    const id = created.json().data.id;
    const png = await as(readerToken, 'GET', `${base}/${id}/preview.png`);
    expect(png.statusCode).toBe(200);
    expect(pngSize(new Uint8Array(png.rawPayload))).toEqual({ width: 600, height: 1024 });
    const pdf = await as(readerToken, 'GET', `${base}/${id}/preview.pdf`, { query: { language: 'tr' } });
    expect(pdf.statusCode).toBe(200);
    expect((await readPdf(new Uint8Array(pdf.rawPayload))).pages[0]!.texts).toContain('Gülşen Yıldırım');

    expect((await asOther(otherAdminToken, 'GET', `${base}/${id}/preview.png`)).statusCode).toBe(404);
    expect((await asOther(otherAdminToken, 'GET', `${base}/${id}/preview.pdf`)).statusCode).toBe(404);
    expect((await as(adminToken, 'GET', `${base}/999999/preview.png`)).statusCode).toBe(404);
  });

  it('guards the previews: 401 without a session, 403 without the permission', async () => {
    const created = await as(adminToken, 'POST', base, { body: { name: 'Korunan', fields: [nameField] } });
    const id = created.json().data.id;
    const learner = await test.factories.createUser(company);
    const learnerToken = (await login(test.app, company, learner.email!)).access_token;
    const design = { fields: [nameField] };
    for (const token of [undefined, learnerToken]) {
      const expected = token ? 403 : 401;
      expect((await as(token, 'GET', `${base}/${id}/preview.png`)).statusCode).toBe(expected);
      expect((await as(token, 'POST', `${base}/preview`, { body: design })).statusCode).toBe(expected);
    }
    // Previewing an unsaved design is part of editing: the read permission alone does not reach it.
    expect((await as(readerToken, 'POST', `${base}/preview`, { body: design })).statusCode).toBe(403);
  });
});
