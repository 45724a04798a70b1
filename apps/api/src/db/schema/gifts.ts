import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companyRef, createdAt, updatedAt } from './columns.js';
import { users } from './identity.js';
import { tenantPolicy } from './rls.js';

/**
 * A product of the gift store (issue 17): bought with points. `stock` counts the units left when it has no
 * variants (null: unlimited); with variants each variant counts its own. A request takes a unit with a guarded
 * update (`stock >= 1`), so stock never goes below zero.
 */
export const giftProducts = pgTable(
  'gift_products',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    name: text().notNull(),
    /** Sanitized HTML. */
    description: text(),
    /** Spec §3: 1 clothing, 2 squares, 3 ring. */
    type: smallint().notNull(),
    price: integer().notNull(),
    stock: integer(),
    /** Private stored images, handed out signed; the first is the cover. */
    images: text().array().notNull().default(sql`'{}'::text[]`),
    /** The user groups whose members see it; empty: everyone. */
    groupIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    status: smallint().notNull().default(1),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('gift_products_company_created_idx').on(t.companyId, t.createdAt, t.id),
    check('gift_products_type_check', sql`${t.type} in (1, 2, 3)`),
    check('gift_products_price_check', sql`${t.price} > 0`),
    check('gift_products_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
    tenantPolicy(t.companyId),
  ],
);

/** A variant of a product (a size), with its own stock (null: unlimited). */
export const giftVariants = pgTable(
  'gift_variants',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    productId: integer()
      .notNull()
      .references(() => giftProducts.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    stock: integer(),
    position: integer().notNull().default(0),
  },
  (t) => [
    index('gift_variants_product_idx').on(t.companyId, t.productId, t.position),
    check('gift_variants_stock_check', sql`${t.stock} is null or ${t.stock} >= 0`),
    tenantPolicy(t.companyId),
  ],
);

/**
 * A person's request for a product: the points it reserved (the ledger's `gift_reserved` row, source
 * `gift_request:{id}`) and its state. The variant's label is copied, so the request reads the same after an edit.
 */
export const giftRequests = pgTable(
  'gift_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    productId: integer()
      .notNull()
      .references(() => giftProducts.id, { onDelete: 'cascade' }),
    variantId: integer().references(() => giftVariants.id, { onDelete: 'set null' }),
    variantLabel: text(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer().notNull(),
    status: text().notNull().default('requested'),
    reason: text(),
    trackingNote: text(),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    shippedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('gift_requests_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('gift_requests_company_user_idx').on(t.companyId, t.userId, t.createdAt),
    index('gift_requests_company_product_idx').on(t.companyId, t.productId),
    check(
      'gift_requests_status_check',
      sql`${t.status} in ('requested', 'approved', 'shipped', 'delivered', 'rejected', 'cancelled')`,
    ),
    tenantPolicy(t.companyId),
  ],
);
