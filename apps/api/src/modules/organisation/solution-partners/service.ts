import {
  type SolutionPartner,
  type SolutionPartnerCreate,
  type SolutionPartnerListQuery,
  type SolutionPartnerUpdate,
  solutionPartnersContract,
} from '@kampus/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { solutionPartners } from '../../../db/schema/index.js';
import type { Platform } from '../../../platform/deps.js';
import { invalidFields } from '../../../platform/http/errors.js';
import { activeStatusExportColumn, columnValues, defineResource } from '../../../platform/resource/resource.js';
import { detachFile, replaceFile } from '../../system/files/service.js';

/** Item field → column: the framework presents the rows and writes the bodies through it. */
const PARTNER_COLUMNS = {
  name: solutionPartners.name,
  logo: solutionPartners.logo,
  website: solutionPartners.website,
  contact_name: solutionPartners.contactName,
  contact_email: solutionPartners.contactEmail,
  phone: solutionPartners.phone,
  description: solutionPartners.description,
  order: solutionPartners.order,
  status: solutionPartners.status,
  created_at: solutionPartners.createdAt,
  updated_at: solutionPartners.updatedAt,
};

export function createSolutionPartnersService(platform: Platform) {
  /**
   * A logo must be a file this server stored for the company (POST api/uploads), so a partner card never loads a
   * foreign address. Keeping the current one, or clearing it, is always fine. The new file is marked attached and a
   * replaced one let go, so the upload clean-up keeps exactly the logos in use.
   */
  async function attachLogo(tx: Db, companyId: number, logo: string | null | undefined, current: string | null) {
    if (logo === undefined) return;
    if (!(await replaceFile(tx, companyId, current, logo))) {
      throw invalidFields({ logo: 'solution_partners.logo_not_issued' });
    }
  }

  const resource = defineResource<
    SolutionPartner,
    SolutionPartnerCreate,
    SolutionPartnerUpdate,
    SolutionPartnerListQuery
  >(platform.database.db, {
    contract: solutionPartnersContract,
    entity: 'solution_partner',
    table: solutionPartners,
    columns: PARTNER_COLUMNS,
    activeStatus: true,
    defaultOrder: [asc(solutionPartners.order), asc(solutionPartners.name)],
    search: [
      solutionPartners.name,
      solutionPartners.contactName,
      solutionPartners.contactEmail,
      solutionPartners.website,
      solutionPartners.description,
    ],

    async create(tx, actor, input) {
      await attachLogo(tx, actor.companyId, input.logo, null);
      const [row] = await tx
        .insert(solutionPartners)
        .values({
          ...columnValues(PARTNER_COLUMNS, solutionPartners, input),
          companyId: actor.companyId,
          name: input.name,
        })
        .returning({ id: solutionPartners.id });
      if (!row) throw new Error('solution partner insert returned nothing');
      return row.id;
    },

    async update(tx, actor, before, input) {
      await attachLogo(tx, actor.companyId, input.logo, before.logo);
      const columns = columnValues(PARTNER_COLUMNS, solutionPartners, input);
      if (Object.keys(columns).length === 0) return;
      await tx
        .update(solutionPartners)
        .set(columns)
        .where(and(eq(solutionPartners.companyId, actor.companyId), eq(solutionPartners.id, before.id)));
    },

    // A deleted partner's logo is let go; the clean-up removes it once nothing else points at it.
    async beforeDelete(tx, actor, items) {
      for (const item of items) await detachFile(tx, actor.companyId, item.logo);
    },

    export: {
      fileName: 'solution_partners.export_file',
      columns: [
        { header: 'solution_partners.columns.id', value: (p) => p.id },
        { header: 'solution_partners.columns.name', value: (p) => p.name },
        { header: 'solution_partners.columns.website', value: (p) => p.website },
        { header: 'solution_partners.columns.contact_name', value: (p) => p.contact_name },
        { header: 'solution_partners.columns.contact_email', value: (p) => p.contact_email },
        { header: 'solution_partners.columns.phone', value: (p) => p.phone },
        { header: 'solution_partners.columns.order', value: (p) => p.order },
        activeStatusExportColumn('solution_partners'),
      ],
    },
  });
  return { resource };
}

export type SolutionPartnersService = ReturnType<typeof createSolutionPartnersService>;
