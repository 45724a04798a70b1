import { buffer } from 'node:stream/consumers';
import {
  type CertificateDesign,
  type CertificatePreviewFormat,
  type CertificateValues,
  type Locale,
  sampleCertificateValues,
} from '@kampus/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { certificateTemplates, companies } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { notFound } from '../../../platform/http/errors.js';
import { storedNameOf } from '../../../platform/uploads.js';
import type { NotificationsService } from '../../frame/notifications/service.js';
import type { AuthService } from '../../identity/auth/service.js';
import { storedFileOf } from '../../system/files/service.js';
import type { AssignmentsService } from '../assignments/service.js';
import type { EducationsService } from '../educations/service.js';
import { defineCertificateDefinitions } from './definitions.js';
import { createCertificateExpiry } from './expiry.js';
import { createCertificateIssuing } from './issue.js';
import { createIssuedCertificatesAdmin } from './issued-admin.js';
import { createCertificateRecords } from './records.js';
import {
  type CertificateImage,
  certificateImageOf,
  type RenderableTemplate,
  type RenderedCertificate,
  render,
  renderCertificatePdf,
  renderCertificatePng,
} from './render.js';
import { assertOwnImages, defineCertificateTemplates, imagesOf } from './templates.js';

export interface RenderedPreview {
  contentType: 'application/pdf' | 'image/png';
  body: Buffer;
}

/**
 * Certificates (issue 16), part one: the templates (`api/admin/certificate-templates`) and their renderer. Issuing
 * will call `renderer.prepare` once for a template and then `renderer.render` for each certificate.
 */
export function createCertificatesService(
  platform: Platform,
  needs: {
    notifications: NotificationsService;
    auth: AuthService;
    assignments: AssignmentsService;
    educations: EducationsService;
  },
) {
  const db = platform.database.db;
  const templates = defineCertificateTemplates(db);
  const definitions = defineCertificateDefinitions(db);

  /** A stored file of the company as the renderer draws it; null when storage no longer has it or cannot read it. */
  async function loadImage(tx: Db, companyId: number, url: string): Promise<CertificateImage | null> {
    const name = storedNameOf(url);
    const stored = name ? await storedFileOf(tx, companyId, url) : null;
    if (!name || !stored) return null;
    const opened = await platform.files.open(companyId, name);
    if (!opened) return null;
    return certificateImageOf(new Uint8Array(await buffer(opened.body)), stored.mime);
  }

  /** The design with its images and the company's logo read, inside the caller's transaction. */
  async function prepareIn(tx: Db, companyId: number, design: CertificateDesign): Promise<RenderableTemplate> {
    const images = new Map<string, CertificateImage>();
    for (const url of imagesOf(design).keys()) {
      const image = await loadImage(tx, companyId, url);
      if (image) images.set(url, image);
    }
    let logo: CertificateImage | null = null;
    if (design.fields.some((field) => field.type === 'logo')) {
      const [company] = await tx
        .select({ logo: companies.logoLink })
        .from(companies)
        .where(eq(companies.id, companyId));
      if (company?.logo) logo = await loadImage(tx, companyId, company.logo);
    }
    return {
      background_color: design.background_color,
      fields: design.fields,
      background: design.background_url ? (images.get(design.background_url) ?? null) : null,
      logo,
      images,
    };
  }

  async function templateDesign(tx: Db, companyId: number, id: number): Promise<CertificateDesign> {
    const [row] = await tx
      .select({
        background_color: certificateTemplates.backgroundColor,
        background_url: certificateTemplates.backgroundUrl,
        fields: certificateTemplates.fields,
      })
      .from(certificateTemplates)
      .where(and(eq(certificateTemplates.companyId, companyId), eq(certificateTemplates.id, id)));
    if (!row) throw notFound();
    return row;
  }

  async function renderAs(
    template: RenderableTemplate,
    values: CertificateValues,
    format: CertificatePreviewFormat,
  ): Promise<RenderedPreview> {
    return format === 'pdf'
      ? { contentType: 'application/pdf', body: Buffer.from(await renderCertificatePdf(template, values)) }
      : { contentType: 'image/png', body: Buffer.from(await renderCertificatePng(template, values)) };
  }

  const renderer = {
    prepare: (companyId: number, templateId: number): Promise<RenderableTemplate> =>
      inTenant(db, companyId, async (tx) => prepareIn(tx, companyId, await templateDesign(tx, companyId, templateId))),
    render: (template: RenderableTemplate, values: CertificateValues): Promise<RenderedCertificate> =>
      render(template, values),
  };
  const issuing = createCertificateIssuing(platform, needs, renderer);
  const records = createCertificateRecords(platform, issuing);
  const issuedAdmin = createIssuedCertificatesAdmin(platform, issuing);
  const expiry = createCertificateExpiry(platform, needs);

  return {
    templates,
    definitions,

    /**
     * POST api/admin/certificate-templates/preview: an unsaved design with the sample values, as the editor shows it
     * before saving. Its images must be the company's own (422 as a save would answer); nothing is stored.
     */
    async preview(
      actor: Actor,
      design: CertificateDesign,
      format: CertificatePreviewFormat,
      language: Locale = actor.lang,
    ): Promise<RenderedPreview> {
      const template = await inTenant(db, actor.companyId, async (tx) => {
        await assertOwnImages(tx, actor.companyId, imagesOf(design));
        return prepareIn(tx, actor.companyId, design);
      });
      return renderAs(template, sampleCertificateValues(language), format);
    },

    /** GET api/admin/certificate-templates/{id}/preview.pdf|png: a saved template with the sample values. */
    async previewStored(
      actor: Actor,
      id: number,
      format: CertificatePreviewFormat,
      language: Locale = actor.lang,
    ): Promise<RenderedPreview> {
      const template = await inTenant(db, actor.companyId, async (tx) =>
        prepareIn(tx, actor.companyId, await templateDesign(tx, actor.companyId, id)),
      );
      return renderAs(template, sampleCertificateValues(language), format);
    },

    /** What issuing uses: a template read once (its images, the logo), then rendered for each certificate. */
    renderer,

    issuing,
    records,
    issuedAdmin,
    expiry,
  };
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;
