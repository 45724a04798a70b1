import {
  type CertificateDesign,
  type CertificateTemplate,
  type CertificateTemplateCreate,
  type CertificateTemplateListQuery,
  type CertificateTemplateUpdate,
  certificateTemplatesContract,
} from '@kampus/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { certificateDefinitions, certificateTemplates } from '../../../db/schema/index.js';
import { conflict, invalidFields } from '../../../platform/http/errors.js';
import { columnValues, defineResource } from '../../../platform/resource/resource.js';
import { attachFile, detachFile, storedFileOf } from '../../system/files/service.js';

const NS = certificateTemplatesContract.namespace;
const IMAGE_INVALID = `${NS}.errors.image_invalid`;
/** The formats a PDF embeds as they are: a template's own images must be one of them. */
const TEMPLATE_IMAGE_MIMES = new Set(['image/png', 'image/jpeg']);

/** Item field → column: the framework presents the rows from it and sorts by it. */
const COLUMNS = {
  id: certificateTemplates.id,
  name: certificateTemplates.name,
  status: certificateTemplates.status,
  background_color: certificateTemplates.backgroundColor,
  background_url: certificateTemplates.backgroundUrl,
  fields: certificateTemplates.fields,
  created_at: certificateTemplates.createdAt,
  updated_at: certificateTemplates.updatedAt,
};

/** Each image a design names, by address, with the body field an error about it belongs to (the first naming it). */
export function imagesOf(design: Pick<CertificateDesign, 'background_url' | 'fields'>): Map<string, string> {
  const images = new Map<string, string>();
  if (design.background_url) images.set(design.background_url, 'background_url');
  for (const [index, field] of design.fields.entries()) {
    if (field.type === 'signature_image' && field.image_url && !images.has(field.image_url)) {
      images.set(field.image_url, `fields.${index}.image_url`);
    }
  }
  return images;
}

/**
 * Every image of a design must be a PNG or JPEG stored for this company (another company's address, one never
 * uploaded or already cleaned up, a logo-only format: a 422 on the field naming it).
 */
export async function assertOwnImages(tx: Db, companyId: number, images: Map<string, string>): Promise<void> {
  const errors: Record<string, string> = {};
  for (const [url, field] of images) {
    const stored = await storedFileOf(tx, companyId, url);
    if (!stored || !TEMPLATE_IMAGE_MIMES.has(stored.mime)) errors[field] = IMAGE_INVALID;
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
}

/** The design's images now in use: the new ones attached (so the upload clean-up keeps them), the dropped ones let go. */
async function syncImages(tx: Db, companyId: number, before: Map<string, string>, after: Map<string, string>) {
  for (const [url, field] of after) {
    if (!before.has(url) && !(await attachFile(tx, companyId, url))) throw invalidFields({ [field]: IMAGE_INVALID });
  }
  for (const url of before.keys()) if (!after.has(url)) await detachFile(tx, companyId, url);
}

/** `api/admin/certificate-templates` (show_certificatetemplate / create_certificatetemplate). */
export function defineCertificateTemplates(db: Db) {
  return defineResource<
    CertificateTemplate,
    CertificateTemplateCreate,
    CertificateTemplateUpdate,
    CertificateTemplateListQuery
  >(db, {
    contract: certificateTemplatesContract,
    entity: 'certificate_template',
    table: certificateTemplates,
    columns: COLUMNS,
    activeStatus: true,
    defaultOrder: [desc(certificateTemplates.updatedAt)],
    search: [certificateTemplates.name],

    async create(tx, actor, input) {
      const images = imagesOf(input);
      await assertOwnImages(tx, actor.companyId, images);
      await syncImages(tx, actor.companyId, new Map(), images);
      const [row] = await tx
        .insert(certificateTemplates)
        .values({
          ...(columnValues(COLUMNS, certificateTemplates, input) as typeof certificateTemplates.$inferInsert),
          companyId: actor.companyId,
          createdBy: actor.userId,
        })
        .returning({ id: certificateTemplates.id });
      if (!row) throw new Error('certificate template insert returned nothing');
      return row.id;
    },

    async update(tx, actor, before, input) {
      const after = {
        background_url: input.background_url === undefined ? before.background_url : input.background_url,
        fields: input.fields ?? before.fields,
      };
      const images = imagesOf(after);
      await assertOwnImages(tx, actor.companyId, images);
      await syncImages(tx, actor.companyId, imagesOf(before), images);
      await tx
        .update(certificateTemplates)
        .set({ ...columnValues(COLUMNS, certificateTemplates, input), updatedAt: new Date() })
        .where(and(eq(certificateTemplates.companyId, actor.companyId), eq(certificateTemplates.id, before.id)));
    },

    /**
     * A template a certificate definition prints with is not deleted (409, nothing deleted, also in a bulk delete):
     * the definition would silently stop issuing. The admin chooses another template for it first.
     */
    async beforeDelete(tx, actor, items) {
      const [used] = await tx
        .select({ id: certificateDefinitions.id })
        .from(certificateDefinitions)
        .where(
          and(
            eq(certificateDefinitions.companyId, actor.companyId),
            inArray(
              certificateDefinitions.templateId,
              items.map((item) => item.id),
            ),
          ),
        )
        .limit(1);
      if (used) throw conflict(`${NS}.errors.in_use`);
      for (const item of items) await syncImages(tx, actor.companyId, imagesOf(item), new Map());
    },
  });
}
