import { z } from 'zod';
import { ACTIVE_STATUS_LIST_FILTER, defineContract } from '../resource-contract.js';
import { ID_MAX, paginatedSchema } from './common.js';
import { activeStatusFilter, activeStatusSchema } from './hashtags.js';
import type { ExportFormat } from './resource.js';
import { exportQueryOf, isoDateSchema, lenient, resourceListQuerySchema } from './resource.js';

/**
 * The gift store (issue 17): products bought with points. A request reserves the points (a `gift_reserved` ledger
 * row) and one unit of stock at once; a rejection or a cancellation gives both back (`gift_returned`).
 * Permissions: show_gift sees the products, create_gift adds and edits them, read_gift works the requests.
 */

/** Spec §3: 1 clothing, 2 squares (mugs, notebooks, cards…), 3 ring (pins, badges, watches…). */
export const GIFT_TYPES = [1, 2, 3] as const;
export const giftTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], 'validation.required');
export type GiftType = z.infer<typeof giftTypeSchema>;
export const GIFT_TYPE_NAMES = { 1: 'clothing', 2: 'squares', 3: 'ring' } as const satisfies Record<GiftType, string>;

export const GIFT_NAME_MAX = 200;
export const GIFT_DESCRIPTION_MAX = 50_000;
export const GIFT_IMAGES_MAX = 6;
export const GIFT_VARIANTS_MAX = 20;
export const GIFT_VARIANT_LABEL_MAX = 40;
export const GIFT_PRICE_MAX = 1_000_000;
export const GIFT_STOCK_MAX = 1_000_000;
export const GIFT_GROUPS_MAX = 200;
export const GIFT_URL_MAX = 2000;
export const GIFT_REASON_MAX = 500;
export const GIFT_TRACKING_MAX = 500;

const idSchema = z.number().int().positive().max(ID_MAX);
const stockSchema = z
  .number('validation.invalid')
  .int('validation.invalid')
  .min(0, 'validation.invalid')
  .max(GIFT_STOCK_MAX, 'validation.invalid');

export const giftVariantSchema = z.object({ id: z.number(), label: z.string(), stock: z.number().nullable() });
export type GiftVariant = z.infer<typeof giftVariantSchema>;

export const giftImageSchema = z.object({
  /** The stored address (unsigned): what the form sends back. */
  url: z.string(),
  /** A signed address for showing it. */
  src: z.string().nullable(),
});

export const GIFT_SORTS = ['name', 'price', 'stock', 'type', 'status', 'created_at'] as const;

export const giftSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Sanitized HTML. */
  description: z.string().nullable(),
  type: giftTypeSchema,
  price: z.number(),
  /** Units left: the product's own, or the sum of its variants'; null: unlimited. */
  stock: z.number().nullable(),
  images: z.array(giftImageSchema),
  variants: z.array(giftVariantSchema),
  /** The user groups whose members see it; empty: everyone in the company. */
  group_ids: z.array(z.number()),
  status: activeStatusSchema,
  /** Requests not rejected or cancelled. */
  requested: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Gift = z.infer<typeof giftSchema>;

const variantWriteSchema = z.object({
  /** An existing variant keeps its id (its requests keep pointing at it); a new one has none. */
  id: idSchema.optional(),
  label: z.string().trim().min(1, 'validation.required').max(GIFT_VARIANT_LABEL_MAX),
  stock: stockSchema.nullable().default(null),
});

const uniqueLabels = (value: { variants?: { label: string }[] }) =>
  !value.variants ||
  new Set(value.variants.map((v) => v.label.toLocaleLowerCase())).size === (value.variants?.length ?? 0);

const giftWriteShape = {
  name: z.string().trim().min(1, 'validation.required').max(GIFT_NAME_MAX),
  /** HTML from the rich text editor; the server sanitizes it. */
  description: z.string().max(GIFT_DESCRIPTION_MAX).nullable(),
  type: giftTypeSchema,
  price: z
    .number('validation.required')
    .int('validation.invalid')
    .min(1, 'validation.invalid')
    .max(GIFT_PRICE_MAX, 'validation.invalid'),
  /** Without variants: the units in stock; null: unlimited. Ignored when the product has variants. */
  stock: stockSchema.nullable(),
  /** Addresses POST api/uploads?kind=private_image answered; the first is the cover. */
  image_urls: z.array(z.string().trim().min(1).max(GIFT_URL_MAX)).max(GIFT_IMAGES_MAX),
  variants: z.array(variantWriteSchema).max(GIFT_VARIANTS_MAX),
  group_ids: z.array(idSchema).max(GIFT_GROUPS_MAX),
  status: activeStatusSchema,
};

export const giftCreateSchema = z
  .object({
    ...giftWriteShape,
    description: giftWriteShape.description.default(null),
    stock: giftWriteShape.stock.default(null),
    image_urls: giftWriteShape.image_urls.default([]),
    variants: giftWriteShape.variants.default([]),
    group_ids: giftWriteShape.group_ids.default([]),
    status: giftWriteShape.status.default(1),
  })
  .refine(uniqueLabels, { path: ['variants'], message: 'gifts.errors.variant_duplicate' });
export type GiftCreate = z.infer<typeof giftCreateSchema>;
export type GiftCreateInput = z.input<typeof giftCreateSchema>;
export const giftUpdateSchema = z
  .object(giftWriteShape)
  .partial()
  .refine(uniqueLabels, { path: ['variants'], message: 'gifts.errors.variant_duplicate' });
export type GiftUpdate = z.infer<typeof giftUpdateSchema>;

export const giftListQuerySchema = resourceListQuerySchema.extend({
  status: activeStatusFilter,
  type: lenient(z.enum(['1', '2', '3']).transform((v) => giftTypeSchema.parse(Number(v)))),
});
export type GiftListQuery = z.infer<typeof giftListQuerySchema>;

export const giftsContract = defineContract({
  plural: 'gifts',
  namespace: 'gifts',
  permissions: {
    list: 'show_gift',
    read: 'show_gift',
    create: 'create_gift',
    update: 'create_gift',
    delete: 'create_gift',
  },
  schemas: { item: giftSchema, create: giftCreateSchema, update: giftUpdateSchema, listQuery: giftListQuerySchema },
  list: {
    sorts: GIFT_SORTS,
    defaultSort: '-created_at',
    filters: [ACTIVE_STATUS_LIST_FILTER, { kind: 'select', param: 'type', options: ['1', '2', '3'] }],
  },
  screens: {
    list: { name: 'company.gifts', path: '/admin/gifts' },
    add: { name: 'company.gift.add', path: '/admin/gift/add' },
    edit: { name: 'company.gift.edit', path: '/admin/gift/:id/edit' },
  },
  without: ['bulk', 'export'],
});

// --- Requests ---

/**
 * requested → approved → shipped → delivered; requested/approved → rejected (a reason); requested → cancelled (by the
 * learner). Rejected and cancelled give the points and the unit back.
 */
export const GIFT_REQUEST_STATUSES = [
  'requested',
  'approved',
  'shipped',
  'delivered',
  'rejected',
  'cancelled',
] as const;
export const giftRequestStatusSchema = z.enum(GIFT_REQUEST_STATUSES);
export type GiftRequestStatus = z.infer<typeof giftRequestStatusSchema>;

/** What an admin may do to a request, and the states each applies to. */
export const GIFT_REQUEST_ACTIONS = {
  approve: { from: ['requested'], to: 'approved' },
  reject: { from: ['requested', 'approved'], to: 'rejected' },
  ship: { from: ['approved'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered' },
} as const satisfies Record<string, { from: readonly GiftRequestStatus[]; to: GiftRequestStatus }>;
export type GiftRequestAction = keyof typeof GIFT_REQUEST_ACTIONS;
export const canGiftRequest = (action: GiftRequestAction, status: GiftRequestStatus) =>
  (GIFT_REQUEST_ACTIONS[action].from as readonly GiftRequestStatus[]).includes(status);

/** The learner's store: the products they may see, their balance. */
export const storeGiftSchema = giftSchema.pick({
  id: true,
  name: true,
  description: true,
  type: true,
  price: true,
  stock: true,
  images: true,
  variants: true,
});
export type StoreGift = z.infer<typeof storeGiftSchema>;
export const giftStoreSchema = z.object({ data: z.array(storeGiftSchema), meta: z.object({ balance: z.number() }) });
export type GiftStore = z.infer<typeof giftStoreSchema>;

/** POST api/gifts/{id}/request. */
export const giftRequestCreateSchema = z.object({ variant_id: idSchema.nullish().transform((v) => v ?? null) });
export type GiftRequestCreate = z.infer<typeof giftRequestCreateSchema>;

export const giftRequestSchema = z.object({
  id: z.number(),
  status: giftRequestStatusSchema,
  points: z.number(),
  variant: z.string().nullable(),
  reason: z.string().nullable(),
  tracking_note: z.string().nullable(),
  gift: z.object({ id: z.number(), name: z.string(), type: giftTypeSchema, image_src: z.string().nullable() }),
  user: z.object({ id: z.number(), name: z.string(), surname: z.string(), email: z.string().nullable() }),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type GiftRequest = z.infer<typeof giftRequestSchema>;
export const giftRequestResponseSchema = z.object({ data: giftRequestSchema, message: z.string() });
export const myGiftRequestsSchema = z.object({
  data: z.array(giftRequestSchema),
  meta: z.object({ balance: z.number() }),
});

export const giftRequestListSchema = paginatedSchema(giftRequestSchema).extend({
  /** How many match each status under the other filters (the status tabs' counts). */
  counts: z.record(giftRequestStatusSchema, z.number()),
});
export type GiftRequestList = z.infer<typeof giftRequestListSchema>;

export const GIFT_REQUEST_SORTS = ['created_at', 'status', 'name', 'gift', 'points'] as const;
export const giftRequestListQuerySchema = resourceListQuerySchema.extend({
  status: lenient(giftRequestStatusSchema),
  gift_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
  user_id: lenient(z.coerce.number().int().positive().max(ID_MAX)),
  /** Requested on or after this day. */
  from: lenient(isoDateSchema),
  /** Requested on or before this day. */
  to: lenient(isoDateSchema),
});
export type GiftRequestListQuery = z.infer<typeof giftRequestListQuerySchema>;
export const giftRequestExportQuerySchema = exportQueryOf(giftRequestListQuerySchema);
export type GiftRequestExportQuery = Omit<GiftRequestListQuery, 'page' | 'per_page'> & { format: ExportFormat };

/** POST api/admin/gift-requests/{id}/reject. */
export const giftRequestRejectSchema = z.object({
  reason: z.string('gifts.errors.reason_required').trim().min(1, 'gifts.errors.reason_required').max(GIFT_REASON_MAX),
});
/** POST api/admin/gift-requests/{id}/ship. */
export const giftRequestShipSchema = z.object({
  tracking_note: z
    .string('gifts.errors.tracking_required')
    .trim()
    .min(1, 'gifts.errors.tracking_required')
    .max(GIFT_TRACKING_MAX),
});
