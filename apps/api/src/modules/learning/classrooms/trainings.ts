import {
  type Classroom,
  type ClassroomCreate,
  type ClassroomListQuery,
  type ClassroomUpdate,
  classroomsContract,
  pickLocalized,
} from '@kampus/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { classroomTrainings, educationCategories } from '../../../db/schema/index.js';
import type { Platform } from '../../../platform/deps.js';
import { invalidFields } from '../../../platform/http/errors.js';
import { languageOf } from '../../../platform/i18n.js';
import {
  activeStatusExportColumn,
  columnValues,
  defineResource,
  presentActiveStatus,
} from '../../../platform/resource/resource.js';
import { sanitizeRichText } from '../../../platform/rich-text.js';
import { attachFile, detachFile, replaceFile } from '../../system/files/service.js';

const NS = classroomsContract.namespace;

const COLUMNS = {
  title: classroomTrainings.title,
  description: classroomTrainings.description,
  image_url: classroomTrainings.imageUrl,
  category_id: classroomTrainings.categoryId,
  language: classroomTrainings.language,
  status: classroomTrainings.status,
  default_place: classroomTrainings.defaultPlace,
  default_online_url: classroomTrainings.defaultOnlineUrl,
};

/** The start of the next active session to come, per training (a correlated subquery the list can sort by). */
const nextSessionAt = sql<Date | null>`(select min(s.starts_at) from classroom_sessions s
  where s.training_id = classroom_trainings.id and s.status = 'active' and s.starts_at > now())`;

async function assertOwnCategory(tx: Db, companyId: number, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const [row] = await tx
    .select({ id: educationCategories.id })
    .from(educationCategories)
    .where(and(eq(educationCategories.companyId, companyId), eq(educationCategories.id, id)));
  if (!row) throw invalidFields({ category_id: 'education.category_invalid' });
}

const sanitize = (html: string | null) => (html === null ? null : sanitizeRichText(html) || null);

/**
 * `api/admin/classrooms`: the classroom trainings (show_training / create_training). `usedBy` answers how many
 * educations hold each as a part (the educations module knows; it is asked through the service).
 */
export function createClassroomResource(
  platform: Platform,
  usedBy: (tx: Db, ids: number[]) => Promise<Map<number, number>>,
) {
  const db = platform.database.db;

  async function present(tx: Db, companyId: number, ids: number[]): Promise<Classroom[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        training: classroomTrainings,
        category: educationCategories,
        sessions: sql<number>`(select count(*)::integer from classroom_sessions s where s.training_id = classroom_trainings.id)`,
        next: sql<string | null>`(select min(s.starts_at) from classroom_sessions s
          where s.training_id = classroom_trainings.id and s.status = 'active' and s.starts_at > now())`,
      })
      .from(classroomTrainings)
      .leftJoin(educationCategories, eq(educationCategories.id, classroomTrainings.categoryId))
      .where(and(eq(classroomTrainings.companyId, companyId), inArray(classroomTrainings.id, ids)));
    const uses = await usedBy(tx, ids);
    return rows.map(({ training: c, category, sessions, next }) => ({
      id: c.id,
      title: c.title,
      description: c.description,
      image_url: c.imageUrl,
      category: category ? { id: category.id, names: category.names } : null,
      language: c.language as Classroom['language'],
      status: presentActiveStatus(c.status),
      default_place: c.defaultPlace,
      default_online_url: c.defaultOnlineUrl,
      sessions_count: sessions,
      next_session_at: next === null ? null : new Date(next).toISOString(),
      educations_count: uses.get(c.id) ?? 0,
      created_at: c.createdAt.toISOString(),
      updated_at: c.updatedAt.toISOString(),
    }));
  }

  const resource = defineResource<Classroom, ClassroomCreate, ClassroomUpdate, ClassroomListQuery>(db, {
    contract: classroomsContract,
    activeStatus: true,
    entity: 'classroom',
    table: classroomTrainings,
    sortable: {
      title: classroomTrainings.title,
      status: classroomTrainings.status,
      next_session_at: nextSessionAt,
      created_at: classroomTrainings.createdAt,
      updated_at: classroomTrainings.updatedAt,
    },
    defaultOrder: [desc(classroomTrainings.createdAt)],
    search: [classroomTrainings.title, classroomTrainings.defaultPlace],
    filters: { language: (v: string) => eq(classroomTrainings.language, v) },
    present,

    async create(tx, actor, input) {
      await assertOwnCategory(tx, actor.companyId, input.category_id);
      if (input.image_url && !(await attachFile(tx, actor.companyId, input.image_url))) {
        throw invalidFields({ image_url: 'classroomAdmin.errors.image_invalid' });
      }
      const [row] = await tx
        .insert(classroomTrainings)
        .values({
          ...(columnValues(COLUMNS, classroomTrainings, {
            ...input,
            description: sanitize(input.description),
          }) as typeof classroomTrainings.$inferInsert),
          companyId: actor.companyId,
          createdBy: actor.userId,
        })
        .returning({ id: classroomTrainings.id });
      if (!row) throw new Error('classroom insert returned nothing');
      return row.id;
    },

    async update(tx, actor, before, input) {
      await assertOwnCategory(tx, actor.companyId, input.category_id);
      if (
        input.image_url !== undefined &&
        !(await replaceFile(tx, actor.companyId, before.image_url, input.image_url))
      ) {
        throw invalidFields({ image_url: 'classroomAdmin.errors.image_invalid' });
      }
      await tx
        .update(classroomTrainings)
        .set({
          ...columnValues(COLUMNS, classroomTrainings, {
            ...input,
            description: input.description === undefined ? undefined : sanitize(input.description),
          }),
          updatedAt: new Date(),
        })
        .where(and(eq(classroomTrainings.companyId, actor.companyId), eq(classroomTrainings.id, before.id)));
    },

    async beforeDelete(tx, actor, items) {
      // A training an education holds as a part stays: deleting it would leave the education a part nobody can take.
      const used = items.find((item) => item.educations_count > 0);
      if (used) throw invalidFields({ id: 'classroomAdmin.errors.in_use' });
      for (const item of items) await detachFile(tx, actor.companyId, item.image_url);
    },

    export: {
      fileName: `${NS}.export_file`,
      columns: [
        { header: `${NS}.columns.id`, value: (c) => c.id },
        { header: `${NS}.columns.title`, value: (c) => c.title },
        {
          header: `${NS}.columns.category`,
          value: (c, t) => (c.category ? pickLocalized(c.category.names, languageOf(t), 'tr') : ''),
        },
        { header: `${NS}.columns.language`, value: (c) => c.language },
        { header: `${NS}.columns.default_place`, value: (c) => c.default_place },
        { header: `${NS}.columns.sessions_count`, value: (c) => c.sessions_count },
        { header: `${NS}.columns.next_session_at`, value: (c) => c.next_session_at },
        activeStatusExportColumn(NS),
        { header: `${NS}.columns.created_at`, value: (c) => c.created_at },
      ],
    },
  });

  return { resource };
}

export type ClassroomResource = ReturnType<typeof createClassroomResource>['resource'];
