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
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { hashtags } from '../../db/schema/index.js';
import type { Platform } from '../../platform/deps.js';
import { invalidFields } from '../../platform/http/errors.js';
import { activeStatusAction, defineResource } from '../../platform/resource/resource.js';

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

const NAME_TAKEN = { name: 'hashtags_admin.name_taken' };

/** Same rule as the unique index `hashtags_company_name_key`: one name per company, whatever its case. */
async function assertNameFree(tx: Db, companyId: number, name: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: hashtags.id })
    .from(hashtags)
    .where(
      and(
        eq(hashtags.companyId, companyId),
        eq(sql`lower(${hashtags.name})`, sql`lower(${name})`),
        exceptId ? ne(hashtags.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw invalidFields(NAME_TAKEN);
}

/** Two administrators saving the same name at once both pass the check; the index stops the second → same 422. */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const cause = ((error as { cause?: unknown })?.cause ?? error) as { code?: string; constraint?: string };
    if (cause?.code === '23505' && cause.constraint === 'hashtags_company_name_key') throw invalidFields(NAME_TAKEN);
    throw error;
  }
}

export function createHashtagsService(platform: Platform) {
  const resource = defineResource<Hashtag, HashtagCreate, HashtagUpdate, HashtagListQuery>(platform.database.db, {
    plural: 'hashtags',
    entity: 'hashtag',
    table: hashtags,
    // Spec §6: show_hashtag to see hashtags, create_hashtag to change them.
    permissions: {
      list: 'show_hashtag',
      read: 'show_hashtag',
      create: 'create_hashtag',
      update: 'create_hashtag',
      delete: 'create_hashtag',
    },
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

    async create(tx, actor, input) {
      await assertNameFree(tx, actor.companyId, input.name);
      const [row] = await withUniqueName(() =>
        tx
          .insert(hashtags)
          .values({ companyId: actor.companyId, name: input.name, status: input.status })
          .returning({ id: hashtags.id }),
      );
      if (!row) throw new Error('hashtag insert returned nothing');
      return row.id;
    },

    async update(tx, actor, before, input) {
      if (input.name !== undefined) await assertNameFree(tx, actor.companyId, input.name, before.id);
      if (input.name === undefined && input.status === undefined) return;
      await withUniqueName(() =>
        tx
          .update(hashtags)
          .set({ name: input.name, status: input.status })
          .where(and(eq(hashtags.companyId, actor.companyId), eq(hashtags.id, before.id))),
      );
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
