import { hashtagsContract } from '@kampus/shared';
import { desc } from 'drizzle-orm';
import { hashtags } from '../../../db/schema/index.js';
import type { Platform } from '../../../platform/deps.js';
import { activeStatusExportColumn, defineResource } from '../../../platform/resource/resource.js';

const NS = hashtagsContract.namespace;

export function createHashtagsService(platform: Platform) {
  const resource = defineResource(platform.database.db, {
    contract: hashtagsContract,
    entity: 'hashtag',
    table: hashtags,
    columns: {
      name: hashtags.name,
      status: hashtags.status,
      created_at: hashtags.createdAt,
      updated_at: hashtags.updatedAt,
    },
    activeStatus: true,
    defaultOrder: [desc(hashtags.createdAt)],
    search: [hashtags.name],
    unique: [
      {
        field: 'name',
        column: hashtags.name,
        constraint: 'hashtags_company_name_key',
        message: 'hashtags.name_taken',
        ignoreCase: true,
      },
    ],
    export: {
      fileName: `${NS}.export_file`,
      columns: [
        { header: `${NS}.columns.id`, value: (h) => h.id },
        { header: `${NS}.columns.name`, value: (h) => `#${h.name}` },
        activeStatusExportColumn(NS),
        { header: `${NS}.columns.created_at`, value: (h) => h.created_at },
        { header: `${NS}.columns.updated_at`, value: (h) => h.updated_at },
      ],
    },
  });
  return { resource };
}

export type HashtagsService = ReturnType<typeof createHashtagsService>;
