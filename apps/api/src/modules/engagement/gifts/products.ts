import {
  type Gift,
  type GiftCreate,
  type GiftListQuery,
  type GiftType,
  type GiftUpdate,
  giftsContract,
} from '@kampus/shared';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { giftProducts, giftRequests, giftVariants, userGroups } from '../../../db/schema/index.js';
import type { Platform } from '../../../platform/deps.js';
import { conflict, invalidFields } from '../../../platform/http/errors.js';
import { columnValues, defineResource, presentActiveStatus } from '../../../platform/resource/resource.js';
import { sanitizeRichText } from '../../../platform/rich-text.js';
import { attachFile, detachFile } from '../../system/files/service.js';
import { stableSignedUrl } from '../announcements/service.js';

const NS = giftsContract.namespace;

/** Requests that still hold their points and their unit. */
export const OPEN_STATUSES = ['requested', 'approved', 'shipped', 'delivered'] as const;

const COLUMNS = {
  name: giftProducts.name,
  type: giftProducts.type,
  price: giftProducts.price,
  stock: giftProducts.stock,
  status: giftProducts.status,
};

/** Units left: the product's own, or with variants the sum of theirs (null when any of them is unlimited). */
const stockSql = sql<number | null>`case
  when exists (select 1 from gift_variants v where v.company_id = gift_products.company_id and v.product_id = gift_products.id)
  then (select case when bool_or(v.stock is null) then null else sum(v.stock)::integer end from gift_variants v
    where v.company_id = gift_products.company_id and v.product_id = gift_products.id)
  else gift_products.stock end`;

const cleanDescription = (html: string | null | undefined) => {
  if (html === undefined) return undefined;
  const clean = html === null ? '' : sanitizeRichText(html).trim();
  return clean === '' || clean === '<p></p>' ? null : clean;
};

/** The groups named must be the company's own. */
async function checkedGroups(tx: Db, companyId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await tx
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(and(eq(userGroups.companyId, companyId), inArray(userGroups.id, unique)));
  if (found.length !== unique.length) throw invalidFields({ group_ids: 'validation.invalid_value' });
  return unique;
}

/** Attaches the new images, lets the dropped ones go; a foreign address is a 422 on `image_urls`. */
async function replaceImages(tx: Db, companyId: number, before: string[], after: string[]) {
  const unique = [...new Set(after)];
  for (const url of unique) {
    if (before.includes(url)) continue;
    if (!(await attachFile(tx, companyId, url))) throw invalidFields({ image_urls: `${NS}.errors.image_invalid` });
  }
  for (const url of before) if (!unique.includes(url)) await detachFile(tx, companyId, url);
  return unique;
}

/** Writes the variants as sent: existing ids are updated, new ones inserted, the missing ones removed. */
async function writeVariants(
  tx: Db,
  companyId: number,
  productId: number,
  variants: NonNullable<GiftUpdate['variants']>,
) {
  const existing = await tx
    .select({ id: giftVariants.id })
    .from(giftVariants)
    .where(and(eq(giftVariants.companyId, companyId), eq(giftVariants.productId, productId)));
  const known = new Set(existing.map((v) => v.id));
  const kept = variants.flatMap((v) => (v.id !== undefined && known.has(v.id) ? [v.id] : []));
  if (variants.some((v) => v.id !== undefined && !known.has(v.id))) {
    throw invalidFields({ variants: 'validation.invalid_value' });
  }
  await tx
    .delete(giftVariants)
    .where(
      and(
        eq(giftVariants.companyId, companyId),
        eq(giftVariants.productId, productId),
        kept.length > 0 ? notInArray(giftVariants.id, kept) : undefined,
      ),
    );
  for (const [position, variant] of variants.entries()) {
    if (variant.id !== undefined) {
      await tx
        .update(giftVariants)
        .set({ label: variant.label, stock: variant.stock, position })
        .where(and(eq(giftVariants.companyId, companyId), eq(giftVariants.id, variant.id)));
    } else {
      await tx
        .insert(giftVariants)
        .values({ companyId, productId, label: variant.label, stock: variant.stock, position });
    }
  }
}

/** Products as items, with their variants, signed images, stock and the count of requests holding a unit. */
export async function presentGifts(platform: Platform, tx: Db, companyId: number, ids: number[]): Promise<Gift[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      row: giftProducts,
      stock: stockSql,
      requested: sql<number>`(select count(*)::integer from gift_requests r where r.company_id = gift_products.company_id
        and r.product_id = gift_products.id and r.status in ('requested', 'approved', 'shipped', 'delivered'))`,
    })
    .from(giftProducts)
    .where(and(eq(giftProducts.companyId, companyId), inArray(giftProducts.id, ids)));
  const variants = await tx
    .select()
    .from(giftVariants)
    .where(and(eq(giftVariants.companyId, companyId), inArray(giftVariants.productId, ids)))
    .orderBy(asc(giftVariants.position), asc(giftVariants.id));
  return rows.map(({ row, stock, requested }) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type as GiftType,
    price: row.price,
    stock: stock === null ? null : Number(stock),
    images: row.images.map((url) => ({ url, src: stableSignedUrl(platform, companyId, url) })),
    variants: variants.filter((v) => v.productId === row.id).map((v) => ({ id: v.id, label: v.label, stock: v.stock })),
    group_ids: row.groupIds,
    status: presentActiveStatus(row.status),
    requested: Number(requested),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** `api/admin/gifts`: show_gift lists and reads, create_gift adds, edits and deletes. */
export function createGiftProducts(platform: Platform) {
  const db = platform.database.db;
  return defineResource<Gift, GiftCreate, GiftUpdate, GiftListQuery>(db, {
    contract: giftsContract,
    activeStatus: true,
    entity: 'gift',
    table: giftProducts,
    columns: COLUMNS,
    sortable: { created_at: giftProducts.createdAt, stock: stockSql },
    defaultOrder: [desc(giftProducts.createdAt), desc(giftProducts.id)],
    search: [giftProducts.name],
    filters: { type: (v: GiftType) => eq(giftProducts.type, v) },
    present: (tx, companyId, ids) => presentGifts(platform, tx, companyId, ids),

    async create(tx, actor, input) {
      const groupIds = await checkedGroups(tx, actor.companyId, input.group_ids);
      const images = await replaceImages(tx, actor.companyId, [], input.image_urls);
      const [row] = await tx
        .insert(giftProducts)
        .values({
          ...(columnValues(COLUMNS, giftProducts, input) as typeof giftProducts.$inferInsert),
          stock: input.variants.length > 0 ? null : input.stock,
          description: cleanDescription(input.description) ?? null,
          images,
          groupIds,
          companyId: actor.companyId,
          createdBy: actor.userId,
        })
        .returning({ id: giftProducts.id });
      if (!row) throw new Error('gift insert returned nothing');
      if (input.variants.length > 0) await writeVariants(tx, actor.companyId, row.id, input.variants);
      return row.id;
    },

    async update(tx, actor, before, input) {
      const groupIds =
        input.group_ids === undefined ? undefined : await checkedGroups(tx, actor.companyId, input.group_ids);
      const images =
        input.image_urls === undefined
          ? undefined
          : await replaceImages(
              tx,
              actor.companyId,
              before.images.map((i) => i.url),
              input.image_urls,
            );
      if (input.variants !== undefined) await writeVariants(tx, actor.companyId, before.id, input.variants);
      const hasVariants = (input.variants ?? before.variants).length > 0;
      await tx
        .update(giftProducts)
        .set({
          ...columnValues(COLUMNS, giftProducts, input),
          ...(hasVariants ? { stock: null } : {}),
          ...(input.description !== undefined ? { description: cleanDescription(input.description) } : {}),
          ...(images ? { images } : {}),
          ...(groupIds ? { groupIds } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(giftProducts.companyId, actor.companyId), eq(giftProducts.id, before.id)));
    },

    /** A product someone has requested stays (its requests and their points point at it): make it passive instead. */
    async beforeDelete(tx, actor, items) {
      const ids = items.map((item) => item.id);
      const [used] = await tx
        .select({ id: giftRequests.id })
        .from(giftRequests)
        .where(and(eq(giftRequests.companyId, actor.companyId), inArray(giftRequests.productId, ids)))
        .limit(1);
      if (used) throw conflict(`${NS}.errors.has_requests`);
      for (const item of items) for (const image of item.images) await detachFile(tx, actor.companyId, image.url);
    },
  });
}
