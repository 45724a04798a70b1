import {
  ACTIVE_STATUS_NAMES,
  activeStatusSchema,
  type INSTITUTION_SORTS,
  type Institution,
  type InstitutionCreate,
  type InstitutionListQuery,
  type InstitutionUpdate,
  institutionCreateSchema,
  institutionListQuerySchema,
  institutionSchema,
  institutionUpdateSchema,
} from '@kampus/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { institutions } from '../../db/schema/index.js';
import type { Platform } from '../../platform/deps.js';
import { activeStatusAction, defineResource, readWrite } from '../../platform/resource/resource.js';

async function presentInstitutions(tx: Db, companyId: number, ids: number[]): Promise<Institution[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(institutions)
    .where(and(eq(institutions.companyId, companyId), inArray(institutions.id, ids)));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    city: row.city,
    contact_email: row.contactEmail,
    status: activeStatusSchema.catch(0).parse(row.status),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

function writableColumns(input: InstitutionUpdate) {
  const columns: Partial<typeof institutions.$inferInsert> = {
    name: input.name,
    code: input.code,
    city: input.city,
    contactEmail: input.contact_email,
    status: input.status,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

export function createInstitutionsService(platform: Platform) {
  const resource = defineResource<Institution, InstitutionCreate, InstitutionUpdate, InstitutionListQuery>(
    platform.database.db,
    {
      plural: 'institutions',
      entity: 'institution',
      table: institutions,
      // Spec §6 names no institution permission; institutions are company settings, so read_companysetting guards all.
      permissions: readWrite('read_companysetting'),
      schemas: {
        item: institutionSchema,
        create: institutionCreateSchema,
        update: institutionUpdateSchema,
        listQuery: institutionListQuerySchema,
      },
      sortable: {
        name: institutions.name,
        code: institutions.code,
        city: institutions.city,
        status: institutions.status,
        created_at: institutions.createdAt,
      } satisfies Record<(typeof INSTITUTION_SORTS)[number], unknown>,
      defaultOrder: [asc(institutions.name)],
      search: [institutions.name, institutions.code, institutions.city, institutions.contactEmail],
      filters: { status: (v: number) => eq(institutions.status, v) },
      present: presentInstitutions,
      unique: [
        {
          field: 'code',
          column: institutions.code,
          constraint: 'institutions_company_code_key',
          message: 'institutions_admin.code_taken',
          ignoreCase: true,
        },
      ],

      async create(tx, actor, input) {
        const [row] = await tx
          .insert(institutions)
          .values({ ...writableColumns(input), companyId: actor.companyId, name: input.name })
          .returning({ id: institutions.id });
        if (!row) throw new Error('institution insert returned nothing');
        return row.id;
      },

      async update(tx, actor, before, input) {
        const columns = writableColumns(input);
        if (Object.keys(columns).length === 0) return;
        await tx
          .update(institutions)
          .set(columns)
          .where(and(eq(institutions.companyId, actor.companyId), eq(institutions.id, before.id)));
      },

      status: activeStatusAction(institutions),

      export: {
        fileName: 'institutions_admin.export_file',
        columns: [
          { header: 'institutions_admin.columns.id', value: (i) => i.id },
          { header: 'institutions_admin.columns.name', value: (i) => i.name },
          { header: 'institutions_admin.columns.code', value: (i) => i.code },
          { header: 'institutions_admin.columns.city', value: (i) => i.city },
          { header: 'institutions_admin.columns.contact_email', value: (i) => i.contact_email },
          {
            header: 'institutions_admin.columns.status',
            value: (i, t) => t(`institutions_admin.status.${ACTIVE_STATUS_NAMES[i.status]}`),
          },
          { header: 'institutions_admin.columns.created_at', value: (i) => i.created_at },
        ],
      },
    },
  );
  return { resource };
}

export type InstitutionsService = ReturnType<typeof createInstitutionsService>;
