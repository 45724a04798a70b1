import {
  canGiftRequest,
  EXPORT_MAX_ROWS,
  GIFT_REQUEST_STATUSES,
  type GiftRequest,
  type GiftRequestAction,
  type GiftRequestCreate,
  type GiftRequestExportQuery,
  type GiftRequestList,
  type GiftRequestListQuery,
  type GiftRequestStatus,
  type GiftStore,
  type GiftType,
} from '@kampus/shared';
import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { giftProducts, giftRequests, giftVariants, users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { type ExportOwner, type ExportPlan, initiatorOf } from '../../../platform/exports.js';
import { conflict, forbidden, invalidFields, notFound } from '../../../platform/http/errors.js';
import type { Translate } from '../../../platform/i18n.js';
import type { Cell } from '../../../platform/resource/export.js';
import { foldedColumn, likePattern } from '../../../platform/resource/resource.js';
import { findEnabledModules } from '../../frame/widgets/service.js';
import { stableSignedUrl } from '../announcements/service.js';
import type { PointsService } from '../points/service.js';
import { presentGifts } from './products.js';

const NS = 'gifts';
const EXPORT_BATCH = 500;
const iso = (value: Date | null) => (value ? value.toISOString() : null);
const sourceKeyOf = (requestId: number) => `gift_request:${requestId}`;

/** The product is shown to the person: active, and for everyone or for a group they belong to. */
const visibleTo = (userId: number) =>
  and(
    eq(giftProducts.status, 1),
    sql`(cardinality(gift_products.group_ids) = 0 or exists (select 1 from user_group_members m
      where m.company_id = gift_products.company_id and m.user_id = ${userId}
        and m.group_id = any(gift_products.group_ids)))`,
  ) as SQL;

/** The `gift` menu module switched off closes the store for everyone (spec §6), as `leader-table` does. */
async function ensureStoreOpen(tx: Db, companyId: number) {
  if (!(await findEnabledModules(tx, companyId)).includes('gift')) throw forbidden(`${NS}.errors.module_off`);
}

/**
 * Gift requests (issue 17). A request reserves the price through the points service (locking the person, so two
 * requests at once cannot both spend the same points) and takes one unit with a guarded update, in one transaction;
 * a rejection or a cancellation gives both back. Each admin step is recorded as `gift_request.{status}`, which
 * messages.ts turns into the learner's notification and mail.
 */
export function createGiftRequests(platform: Platform, points: PointsService) {
  const db = platform.database.db;
  const { wallet } = points;

  async function present(tx: Db, companyId: number, where: SQL | undefined, order: SQL[], limit: number, offset = 0) {
    const rows = await tx
      .select({
        request: giftRequests,
        gift: { id: giftProducts.id, name: giftProducts.name, type: giftProducts.type, images: giftProducts.images },
        user: { id: users.id, name: users.name, surname: users.surname, email: users.email },
        total: sql<number>`count(*) over ()::integer`,
      })
      .from(giftRequests)
      .innerJoin(giftProducts, eq(giftProducts.id, giftRequests.productId))
      .innerJoin(users, eq(users.id, giftRequests.userId))
      .where(and(eq(giftRequests.companyId, companyId), where))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const data: GiftRequest[] = rows.map((r) => ({
      id: r.request.id,
      status: r.request.status as GiftRequestStatus,
      points: r.request.points,
      variant: r.request.variantLabel,
      reason: r.request.reason,
      tracking_note: r.request.trackingNote,
      gift: {
        id: r.gift.id,
        name: r.gift.name,
        type: r.gift.type as GiftType,
        image_src: stableSignedUrl(platform, companyId, r.gift.images[0] ?? null),
      },
      user: r.user,
      created_at: r.request.createdAt.toISOString(),
      decided_at: iso(r.request.decidedAt),
      shipped_at: iso(r.request.shippedAt),
      delivered_at: iso(r.request.deliveredAt),
    }));
    return { data, total: rows[0]?.total ?? 0 };
  }

  async function presentOne(tx: Db, companyId: number, id: number): Promise<GiftRequest> {
    const { data } = await present(tx, companyId, eq(giftRequests.id, id), [], 1);
    const [item] = data;
    if (!item) throw notFound();
    return item;
  }

  function listWhere(query: Omit<GiftRequestListQuery, 'page' | 'per_page'>, withStatus: boolean): SQL | undefined {
    const search = query.search ? likePattern(query.search) : null;
    return and(
      withStatus && query.status ? eq(giftRequests.status, query.status) : undefined,
      query.gift_id ? eq(giftRequests.productId, query.gift_id) : undefined,
      query.user_id ? eq(giftRequests.userId, query.user_id) : undefined,
      query.from ? gte(giftRequests.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
      query.to ? lt(giftRequests.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)) : undefined,
      search
        ? sql`${foldedColumn(sql`${users.name} || ' ' || ${users.surname} || ' ' || coalesce(${users.email}, '') || ' ' || ${giftProducts.name}` as never)} like ${search}`
        : undefined,
    );
  }

  function orderOf(sort: string | undefined): SQL[] {
    const descending = sort?.startsWith('-') ?? true;
    const field = sort?.replace(/^-/, '') ?? 'created_at';
    const dir = descending ? desc : asc;
    const column =
      field === 'name'
        ? sql`${users.name} || ' ' || ${users.surname}`
        : field === 'gift'
          ? giftProducts.name
          : field === 'status'
            ? giftRequests.status
            : field === 'points'
              ? giftRequests.points
              : giftRequests.createdAt;
    return [dir(column), dir(giftRequests.id)];
  }

  /** A request of the company by id, locked for the change; another company's or an unknown id is not found. */
  async function lockRequest(tx: Db, companyId: number, id: number, userId?: number) {
    const [row] = await tx
      .select()
      .from(giftRequests)
      .where(
        and(
          eq(giftRequests.companyId, companyId),
          eq(giftRequests.id, id),
          userId === undefined ? undefined : eq(giftRequests.userId, userId),
        ),
      )
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  /** Gives a request's points and unit back (rejected, cancelled): the person first, then the stock, as a request locks. */
  async function giveBack(tx: Db, row: typeof giftRequests.$inferSelect) {
    await wallet.refundPoints(tx, {
      companyId: row.companyId,
      userId: row.userId,
      points: row.points,
      sourceKey: sourceKeyOf(row.id),
    });
    if (row.variantId !== null) {
      await tx
        .update(giftVariants)
        .set({ stock: sql`${giftVariants.stock} + 1` })
        .where(
          and(
            eq(giftVariants.companyId, row.companyId),
            eq(giftVariants.id, row.variantId),
            sql`${giftVariants.stock} is not null`,
          ),
        );
    } else if (row.variantLabel === null) {
      await tx
        .update(giftProducts)
        .set({ stock: sql`${giftProducts.stock} + 1` })
        .where(
          and(
            eq(giftProducts.companyId, row.companyId),
            eq(giftProducts.id, row.productId),
            sql`${giftProducts.stock} is not null`,
          ),
        );
    }
  }

  /** Takes one unit of the product (or its variant); 409 out of stock. Unlimited stock (null) takes nothing. */
  async function takeUnit(tx: Db, companyId: number, productId: number, variantId: number | null) {
    const taken =
      variantId !== null
        ? await tx
            .update(giftVariants)
            .set({ stock: sql`${giftVariants.stock} - 1` })
            .where(
              and(
                eq(giftVariants.companyId, companyId),
                eq(giftVariants.id, variantId),
                sql`(${giftVariants.stock} is null or ${giftVariants.stock} >= 1)`,
              ),
            )
            .returning({ id: giftVariants.id })
        : await tx
            .update(giftProducts)
            .set({ stock: sql`${giftProducts.stock} - 1` })
            .where(
              and(
                eq(giftProducts.companyId, companyId),
                eq(giftProducts.id, productId),
                sql`(${giftProducts.stock} is null or ${giftProducts.stock} >= 1)`,
              ),
            )
            .returning({ id: giftProducts.id });
    if (taken.length === 0) throw conflict(`${NS}.errors.out_of_stock`);
  }

  async function transition(
    actor: Actor,
    id: number,
    action: GiftRequestAction,
    set: Partial<typeof giftRequests.$inferInsert>,
  ): Promise<GiftRequest> {
    return inTenant(db, actor.companyId, async (tx) => {
      const row = await lockRequest(tx, actor.companyId, id);
      const from = row.status as GiftRequestStatus;
      if (!canGiftRequest(action, from)) throw conflict(`${NS}.errors.invalid_transition`);
      const to = { approve: 'approved', reject: 'rejected', ship: 'shipped', deliver: 'delivered' }[action];
      if (action === 'reject') await giveBack(tx, row);
      const now = new Date();
      await tx
        .update(giftRequests)
        .set({
          ...set,
          status: to,
          ...(action === 'approve' || action === 'reject' ? { decidedBy: actor.userId, decidedAt: now } : {}),
          ...(action === 'ship' ? { shippedAt: now } : {}),
          ...(action === 'deliver' ? { deliveredAt: now } : {}),
          updatedAt: now,
        })
        .where(and(eq(giftRequests.companyId, actor.companyId), eq(giftRequests.id, id)));
      await record(tx, actor, {
        action: `gift_request.${to}`,
        entity: 'gift_request',
        id,
        before: { status: from },
        after: {
          status: to,
          ...(set.reason ? { reason: set.reason } : {}),
          ...(set.trackingNote ? { tracking_note: set.trackingNote } : {}),
        },
      });
      return presentOne(tx, actor.companyId, id);
    });
  }

  return {
    /** GET api/gifts: the active products the person may see, and their balance. */
    store: (actor: Actor): Promise<GiftStore> =>
      inTenant(db, actor.companyId, async (tx) => {
        await ensureStoreOpen(tx, actor.companyId);
        const ids = await tx
          .select({ id: giftProducts.id })
          .from(giftProducts)
          .where(and(eq(giftProducts.companyId, actor.companyId), visibleTo(actor.userId)));
        const items = await presentGifts(
          platform,
          tx,
          actor.companyId,
          ids.map((r) => r.id),
        );
        items.sort((a, b) => a.price - b.price || a.name.localeCompare(b.name) || a.id - b.id);
        const balance = await wallet.balanceOf(tx, actor.companyId, actor.userId);
        return {
          data: items.map(({ id, name, description, type, price, stock, images, variants }) => ({
            id,
            name,
            description,
            type,
            price,
            stock,
            images,
            variants,
          })),
          meta: { balance },
        };
      }),

    /** POST api/gifts/{id}/request: reserves the points and one unit; 409 when either is short. */
    request: (actor: Actor, productId: number, input: GiftRequestCreate): Promise<GiftRequest> =>
      inTenant(db, actor.companyId, async (tx) => {
        await ensureStoreOpen(tx, actor.companyId);
        const [product] = await tx
          .select({ id: giftProducts.id, price: giftProducts.price })
          .from(giftProducts)
          .where(
            and(eq(giftProducts.companyId, actor.companyId), eq(giftProducts.id, productId), visibleTo(actor.userId)),
          );
        if (!product) throw notFound();
        const variants = await tx
          .select({ id: giftVariants.id, label: giftVariants.label })
          .from(giftVariants)
          .where(and(eq(giftVariants.companyId, actor.companyId), eq(giftVariants.productId, productId)));
        let variant: { id: number; label: string } | null = null;
        if (variants.length > 0) {
          variant = variants.find((v) => v.id === input.variant_id) ?? null;
          if (!variant) throw invalidFields({ variant_id: `${NS}.errors.variant_required` });
        } else if (input.variant_id !== null) {
          throw invalidFields({ variant_id: 'validation.invalid_value' });
        }
        const [row] = await tx
          .insert(giftRequests)
          .values({
            companyId: actor.companyId,
            productId,
            variantId: variant?.id ?? null,
            variantLabel: variant?.label ?? null,
            userId: actor.userId,
            points: product.price,
          })
          .returning({ id: giftRequests.id });
        if (!row) throw new Error('gift request insert returned nothing');
        // The person first (the balance's lock), then the unit: the order every change of a request keeps.
        await wallet.spendPoints(
          tx,
          { companyId: actor.companyId, userId: actor.userId, points: product.price, sourceKey: sourceKeyOf(row.id) },
          `${NS}.errors.not_enough_points`,
        );
        await takeUnit(tx, actor.companyId, productId, variant?.id ?? null);
        await record(tx, actor, {
          action: 'gift_request.requested',
          entity: 'gift_request',
          id: row.id,
          after: { gift_id: productId, variant: variant?.label ?? null, points: product.price },
        });
        return presentOne(tx, actor.companyId, row.id);
      }),

    /** GET api/gifts/requests: the person's own requests, newest first, and their balance. */
    mine: (actor: Actor) =>
      inTenant(db, actor.companyId, async (tx) => {
        await ensureStoreOpen(tx, actor.companyId);
        const { data } = await present(
          tx,
          actor.companyId,
          eq(giftRequests.userId, actor.userId),
          orderOf('-created_at'),
          200,
        );
        return { data, meta: { balance: await wallet.balanceOf(tx, actor.companyId, actor.userId) } };
      }),

    /** POST api/gifts/requests/{id}/cancel: the person's own request, while nobody decided it. */
    cancel: (actor: Actor, id: number): Promise<GiftRequest> =>
      inTenant(db, actor.companyId, async (tx) => {
        const row = await lockRequest(tx, actor.companyId, id, actor.userId);
        if (row.status !== 'requested') throw conflict(`${NS}.errors.invalid_transition`);
        await giveBack(tx, row);
        await tx
          .update(giftRequests)
          .set({ status: 'cancelled', updatedAt: new Date() })
          .where(and(eq(giftRequests.companyId, actor.companyId), eq(giftRequests.id, id)));
        await record(tx, actor, {
          action: 'gift_request.cancelled',
          entity: 'gift_request',
          id,
          before: { status: row.status },
          after: { status: 'cancelled' },
        });
        return presentOne(tx, actor.companyId, id);
      }),

    /** GET api/admin/gift-requests: filtered, searched, sorted, paged, with each status's count. */
    list: (actor: Actor, query: GiftRequestListQuery): Promise<GiftRequestList> =>
      inTenant(db, actor.companyId, async (tx) => {
        const { data, total } = await present(
          tx,
          actor.companyId,
          listWhere(query, true),
          orderOf(query.sort),
          query.per_page,
          (query.page - 1) * query.per_page,
        );
        const counted = await tx
          .select({ status: giftRequests.status, count: sql<number>`count(*)::integer` })
          .from(giftRequests)
          .innerJoin(giftProducts, eq(giftProducts.id, giftRequests.productId))
          .innerJoin(users, eq(users.id, giftRequests.userId))
          .where(and(eq(giftRequests.companyId, actor.companyId), listWhere(query, false)))
          .groupBy(giftRequests.status);
        const counts = Object.fromEntries(
          GIFT_REQUEST_STATUSES.map((s) => [s, counted.find((c) => c.status === s)?.count ?? 0]),
        ) as Record<GiftRequestStatus, number>;
        return { data, meta: { page: query.page, per_page: query.per_page, total }, counts };
      }),

    approve: (actor: Actor, id: number) => transition(actor, id, 'approve', {}),
    reject: (actor: Actor, id: number, reason: string) => transition(actor, id, 'reject', { reason }),
    ship: (actor: Actor, id: number, trackingNote: string) => transition(actor, id, 'ship', { trackingNote }),
    deliver: (actor: Actor, id: number) => transition(actor, id, 'deliver', {}),

    /** The plan of `export.gifts.requests`: the filtered requests, one row each, for the purchasing team. */
    async exportPlan(tx: Db, owner: ExportOwner, query: GiftRequestExportQuery, t: Translate): Promise<ExportPlan> {
      const { format, sort, ...filters } = query;
      const { data: all } = await present(
        tx,
        owner.companyId,
        listWhere(filters, true),
        orderOf(sort),
        EXPORT_MAX_ROWS,
      );
      async function* rows(): AsyncIterable<Cell[][]> {
        for (let start = 0; start < all.length; start += EXPORT_BATCH) {
          yield all
            .slice(start, start + EXPORT_BATCH)
            .map((r) => [
              r.id,
              r.created_at.slice(0, 10),
              `${r.user.name} ${r.user.surname}`,
              r.user.email,
              r.gift.name,
              t(`${NS}.types.${r.gift.type}`),
              r.variant,
              r.points,
              t(`${NS}.statuses.${r.status}`),
              r.tracking_note,
              r.reason,
            ]);
        }
      }
      const name = t(`${NS}.export_file`);
      const columns = [
        'id',
        'date',
        'person',
        'email',
        'gift',
        'type',
        'variant',
        'points',
        'status',
        'tracking',
        'reason',
      ];
      return {
        fileName: name,
        format,
        sheets: [{ name, headers: columns.map((c) => t(`${NS}.export.${c}`)), rows: rows(), total: all.length }],
        written: async () => {
          await record(tx, initiatorOf(owner), {
            action: 'gift_request.exported',
            entity: 'gift_request',
            after: { count: all.length },
          });
        },
      };
    },
  };
}

export type GiftRequests = ReturnType<typeof createGiftRequests>;
