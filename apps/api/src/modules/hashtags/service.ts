import {
  ACTIVE_STATUS_NAMES,
  activeStatusSchema,
  type HASHTAG_SORTS,
  type Hashtag,
  type HashtagCreate,
  type HashtagListQuery,
  type HashtagUpdate,
  hashtagCreateSchema,
  hashtagListQuerySchema,
  hashtagSchema,
  hashtagUpdateSchema,
} from '@kampus/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { hashtags } from '../../db/schema/index.js';
import type { Platform } from '../../platform/deps.js';
import { activeStatusAction, defineResource, readWrite } from '../../platform/resource/resource.js';

async function presentHashtags(tx: Db, companyId: number, ids: number[]): Promise<Hashtag[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(hashtags)
    .where(and(eq(hashtags.companyId, companyId), inArray(hashtags.id, ids)));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    status: activeStatusSchema.catch(0).parse(row.status),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export function createHashtagsService(platform: Platform) {
  const resource = defineResource<Hashtag, HashtagCreate, HashtagUpdate, HashtagListQuery>(platform.database.db, {
    plural: 'hashtags',
    entity: 'hashtag',
    table: hashtags,
    // Spec §6: show_hashtag to see hashtags, create_hashtag to change them.
    permissions: readWrite('show_hashtag', 'create_hashtag'),
    schemas: {
      item: hashtagSchema,
      create: hashtagCreateSchema,
      update: hashtagUpdateSchema,
      listQuery: hashtagListQuerySchema,
    },
    sortable: {
      name: hashtags.name,
      status: hashtags.status,
      created_at: hashtags.createdAt,
      updated_at: hashtags.updatedAt,
    } satisfies Record<(typeof HASHTAG_SORTS)[number], unknown>,
    defaultOrder: [desc(hashtags.createdAt)],
    search: [hashtags.name],
    filters: { status: (v: number) => eq(hashtags.status, v) },
    present: presentHashtags,
    unique: [
      {
        field: 'name',
        column: hashtags.name,
        constraint: 'hashtags_company_name_key',
        message: 'hashtags_admin.name_taken',
        ignoreCase: true,
      },
    ],

    async create(tx, actor, input) {
      const [row] = await tx
        .insert(hashtags)
        .values({ companyId: actor.companyId, name: input.name, status: input.status })
        .returning({ id: hashtags.id });
      if (!row) throw new Error('hashtag insert returned nothing');
      return row.id;
    },

    async update(tx, actor, before, input) {
      if (input.name === undefined && input.status === undefined) return;
      await tx
        .update(hashtags)
        .set({ name: input.name, status: input.status })
        .where(and(eq(hashtags.companyId, actor.companyId), eq(hashtags.id, before.id)));
    },

    status: activeStatusAction(hashtags),

    export: {
      fileName: 'hashtags_admin.export_file',
      columns: [
        { header: 'hashtags_admin.columns.id', value: (h) => h.id },
        { header: 'hashtags_admin.columns.name', value: (h) => `#${h.name}` },
        {
          header: 'hashtags_admin.columns.status',
          value: (h, t) => t(`hashtags_admin.status.${ACTIVE_STATUS_NAMES[h.status]}`),
        },
        { header: 'hashtags_admin.columns.created_at', value: (h) => h.created_at },
        { header: 'hashtags_admin.columns.updated_at', value: (h) => h.updated_at },
      ],
    },
  });
  return { resource };
}

export type HashtagsService = ReturnType<typeof createHashtagsService>;
