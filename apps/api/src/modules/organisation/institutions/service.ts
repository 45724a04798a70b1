import { institutionsContract } from '@kampus/shared';
import { asc } from 'drizzle-orm';
import { institutions } from '../../../db/schema/index.js';
import type { Platform } from '../../../platform/deps.js';
import { activeStatusExportColumn, defineResource } from '../../../platform/resource/resource.js';

const NS = institutionsContract.namespace;

export function createInstitutionsService(platform: Platform) {
  const resource = defineResource(platform.database.db, {
    contract: institutionsContract,
    entity: 'institution',
    table: institutions,
    columns: {
      name: institutions.name,
      code: institutions.code,
      city: institutions.city,
      contact_email: institutions.contactEmail,
      status: institutions.status,
      created_at: institutions.createdAt,
      updated_at: institutions.updatedAt,
    },
    activeStatus: true,
    defaultOrder: [asc(institutions.name)],
    search: [institutions.name, institutions.code, institutions.city, institutions.contactEmail],
    unique: [
      {
        field: 'code',
        column: institutions.code,
        constraint: 'institutions_company_code_key',
        message: 'institutions.code_taken',
        ignoreCase: true,
      },
    ],
    export: {
      fileName: `${NS}.export_file`,
      columns: [
        { header: `${NS}.columns.id`, value: (i) => i.id },
        { header: `${NS}.columns.name`, value: (i) => i.name },
        { header: `${NS}.columns.code`, value: (i) => i.code },
        { header: `${NS}.columns.city`, value: (i) => i.city },
        { header: `${NS}.columns.contact_email`, value: (i) => i.contact_email },
        activeStatusExportColumn(NS),
        { header: `${NS}.columns.created_at`, value: (i) => i.created_at },
      ],
    },
  });
  return { resource };
}

export type InstitutionsService = ReturnType<typeof createInstitutionsService>;
