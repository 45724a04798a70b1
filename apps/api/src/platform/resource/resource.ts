import {
  ACTIVE_STATUS_NAMES,
  type ActiveStatus,
  activeStatusSchema,
  type BulkAction,
  type BulkResult,
  EXPORT_MAX_ROWS,
  type ExportFormat,
  type Permission,
  parseSort,
  type ResourceAccess,
  type ResourceContract,
  type ResourceListQuery,
  type ResourceScreens,
} from '@kampus/shared';
import { and, asc, count, desc, eq, getTableColumns, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { uniqueViolationOf } from '../../db/errors.js';
import { asSystem, inTenant, withSystemScope } from '../../db/scope.js';
import type { Actor } from '../actor.js';
import { record } from '../events.js';
import type { ExportPlan } from '../exports.js';
import { HttpError, invalidFields, notFound } from '../http/errors.js';
import type { Translate } from '../i18n.js';
import type { Cell } from './export.js';

/** A tenant-owned table: an integer id and the company it belongs to. */
export type TenantTable = PgTable & { id: PgColumn; companyId: PgColumn };

/** A table of the platform's own rows (the company registry): an integer id, no company it belongs to. */
export type PlatformTable = PgTable & { id: PgColumn };

/** What the framework audits: `{entity}.{action}`. */
export type AuditedAction = 'created' | 'updated' | 'deleted' | 'status_changed';

/**
 * The scope of a resource whose rows belong to no one tenant (the company registry). Its transactions run in the
 * system scope (`asSystem`; an export's job, opened in the owner's tenant, moves into it with `withSystemScope`), so
 * what a row's hooks and presenter read or write under other tenants is reachable — and, as with every system
 * scope, filtered explicitly: the framework puts `rows` where the tenant scope puts `company_id =` (list, count, id
 * checks, updates, deletes), so an id outside it is a 404 on every action.
 */
export interface PlatformScope<Item> {
  /**
   * The rows the acting company may administer, as a filter on the table; undefined for every row (a resource whose
   * routes only super admins reach).
   */
  rows: (companyId: number) => SQL | undefined;
  /** The company whose audit trail records a change of the item; undefined (the default) for the acting company. */
  auditCompany?: (item: Item, action: AuditedAction) => number | undefined;
}

type Filters<Q> = { [K in keyof Q]?: (value: NonNullable<Q[K]>) => SQL | undefined };

export interface ExportColumn<Item> {
  /** Locale key of the column header. */
  header: string;
  value: (item: Item, t: Translate) => Cell;
}

/** A column known only per company (e.g. its own user fields), its header already in words. */
export interface LabelledExportColumn<Item> {
  label: string;
  value: (item: Item, t: Translate) => Cell;
}

/**
 * The bulk "status" action of a resource whose table has the shared 0/1 `status` column (`activeStatusSchema`): the
 * same update for hashtags, institutions, groups and the rest, always within the actor's company.
 */
export function activeStatusAction<Item extends { id: number }>(
  table: TenantTable & { status: PgColumn },
): StatusRule<Item> {
  return statusUpdateWithin(table, (companyId) => eq(table.companyId, companyId));
}

type StatusRule<Item> = NonNullable<ResourceDeclaration<Item, unknown, unknown, ResourceListQuery>['status']>;

/** The shared 0/1 status update of the items, within the rows `within` gives the acting company. */
function statusUpdateWithin<Item extends { id: number }>(
  table: PlatformTable & { status: PgColumn },
  within: (companyId: number) => SQL | undefined,
): StatusRule<Item> {
  return {
    schema: activeStatusSchema,
    async apply(tx, actor, items, status) {
      await tx
        .update(table)
        .set({ status } as never)
        .where(
          and(
            within(actor.companyId),
            inArray(
              table.id,
              items.map((item) => item.id),
            ),
          ),
        );
    },
  };
}

/** The shared contract (packages/shared) of a resource whose items, bodies and list query have these types. */
export type ContractOf<
  Item,
  Create,
  Update,
  Query extends ResourceListQuery,
  Access extends ResourceAccess = ResourceAccess,
> = ResourceContract<
  z.ZodType<Item>,
  z.ZodType<Create, unknown>,
  z.ZodType<Update, unknown>,
  z.ZodType<Query, unknown>,
  ResourceScreens,
  Access
>;

/** Item field → the column holding it. */
export type ColumnMap<Item> = { [K in keyof Item]?: PgColumn };

/** Fields the database sets itself, never taken from a body. */
const GENERATED_FIELDS = new Set(['id', 'created_at', 'updated_at']);

/**
 * The column values of a body: each field sent (not undefined) that has a column, keyed by the column's property
 * name. What a declaration's own create/update spreads into its insert or set, beside the fields it works out itself.
 */
export function columnValues<Item>(columns: ColumnMap<Item>, table: PgTable, input: object): Record<string, unknown> {
  const propertyOf = new Map(Object.entries(getTableColumns(table)).map(([property, column]) => [column, property]));
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    const column = (columns as Record<string, PgColumn | undefined>)[field];
    if (value === undefined || !column || GENERATED_FIELDS.has(field)) continue;
    const property = propertyOf.get(column);
    if (!property) throw new Error(`column of ${field} is not a column of the resource's table`);
    values[property] = value;
  }
  return values;
}

/** A stored 0/1 status as the item shows it; anything else stored reads as passive. */
export const presentActiveStatus = (value: unknown): ActiveStatus => activeStatusSchema.catch(0).parse(value);

/** The export column of the shared 0/1 status: `<namespace>.columns.status`, the value `<namespace>.status.*`. */
export function activeStatusExportColumn<Item extends { status: ActiveStatus }>(namespace: string): ExportColumn<Item> {
  return {
    header: `${namespace}.columns.status`,
    value: (item, t) => t(`${namespace}.status.${ACTIVE_STATUS_NAMES[item.status]}`),
  };
}

/**
 * A value that must be unique in the company, like a hashtag's name. The framework checks it before the write (all
 * such fields at once, 422 on each taken one) and maps its unique index's violation to the same 422, for two saves
 * that race past the check.
 */
export interface UniqueRule<Create> {
  /** The body field, also the key of the 422's errors. */
  field: Extract<keyof Create, string>;
  column: PgColumn;
  /** The unique index enforcing it, when the table has one (without it only the check before the write guards). */
  constraint?: string;
  /** Locale key of the message. */
  message: string;
  /** Compare with case folded, the Turkish, Azerbaijani and German capitals included. */
  ignoreCase?: boolean;
}

/**
 * Everything an admin resource declares. The framework adds what no declaration may forget: the scope filter (by
 * default the tenant's: every query runs in `inTenant` and filters by `company_id` itself; see `PlatformScope` for
 * the other), the 404 for an id outside it, the audit row of every change, paging, sorting, search, bulk actions and
 * export.
 */
/** Who reads: the company, and whether a super admin reads it (what shared rows may depend on). */
export type Viewer = Pick<Actor, 'companyId' | 'isSuperAdmin'>;

/**
 * Rows of no company that every company also reads, read-only (roles: the built-in roles, company_id NULL). They are
 * listed, counted and read by id beside the company's own; a change, delete, bulk or status action naming one is a
 * 422 `readOnly` (on `id`) before any hook runs, and the framework's own writes still filter by `company_id =`.
 */
export interface SharedRows {
  /** The shared rows this viewer sees (e.g. `company_id IS NULL`, some of them only to a super admin). */
  rows: (viewer: Viewer) => SQL | undefined;
  /** Locale key of the 422 a change of a shared row answers. */
  readOnly: string;
}

export type ResourceDeclaration<
  Item,
  Create,
  Update,
  Query extends ResourceListQuery,
  Access extends ResourceAccess = ResourceAccess,
> = DeclarationBody<Item, Create, Update, Query, Access> &
  (
    | {
        scope?: 'tenant';
        table: TenantTable;
        /** Rows of no company every company reads but none writes; the declaration then presents its items itself. */
        shared?: SharedRows;
        /**
         * The part of the company's rows this resource holds, when one table serves several resources (surveys and
         * evaluation surveys: one `surveys` table with a `kind`). Added wherever the framework adds `company_id =`, so
         * another resource's row is a 404 here like another company's.
         */
        within?: SQL;
      }
    | {
        scope: PlatformScope<Item>;
        table: PlatformTable;
        /** Platform rows belong to no company, so there is no default insert. */
        create: NonNullable<DeclarationBody<Item, Create, Update, Query, Access>['create']>;
      }
  );

interface DeclarationBody<Item, Create, Update, Query extends ResourceListQuery, Access extends ResourceAccess> {
  /** The shared contract: plural, permissions, schemas and the sortable fields. */
  contract: ContractOf<Item, Create, Update, Query, Access>;
  /** Audit entity type and action prefix: `user` → `user.created`. */
  entity: string;
  /**
   * Item field → column. The framework writes the body's fields through it (create and update need no code of
   * their own), sorts by the contract's sort fields through it and, when every item field has a column, presents
   * the rows itself (dates as ISO text).
   */
  columns?: ColumnMap<Item>;
  /**
   * The table has the shared 0/1 `status` column: the framework presents it, filters the list by `status` and offers
   * the bulk status action (each unless the declaration states its own).
   */
  activeStatus?: boolean;
  /**
   * `sort` field name → column (or expression), for sort fields without a column of `columns` or sorting
   * differently. Anything not sortable falls back to `defaultOrder`.
   */
  sortable?: Record<string, PgColumn | SQL>;
  defaultOrder: SQL[];
  /** Columns searched, case-insensitively (Turkish, Azerbaijani and German capitals included). */
  search: PgColumn[];
  /** Typed filters of the list query; a filter is applied only when its value is present. */
  filters?: Filters<Omit<Query, keyof ResourceListQuery>>;
  /**
   * Rows → items, for the ids given (all within the scope; `companyId` is the acting company); the order does not
   * matter. Default: from `columns`.
   */
  present?: (tx: Db, companyId: number, ids: number[]) => Promise<Item[]>;
  /** Values unique in the company, checked by the framework around create and update. */
  unique?: UniqueRule<Create>[];
  /**
   * Inserts the record and returns its id. Business rules failing → throw invalidFields(...). Default: inserts the
   * body's `columns` into the actor's company.
   */
  create?: (tx: Db, actor: Actor, input: Create) => Promise<number>;
  /** Default: sets the body's `columns` that were sent. */
  update?: (tx: Db, actor: Actor, before: Item, input: Update) => Promise<void>;
  /**
   * An update that changes nothing but the status (the items before and after differ in `status` alone,
   * `updated_at` aside) is audited `{entity}.status_changed`, as the bulk status action is.
   */
  auditStatusOnlyUpdate?: boolean;
  /** Checks before deleting (e.g. not oneself); the framework deletes the rows afterwards. */
  beforeDelete?: (tx: Db, actor: Actor, items: Item[]) => Promise<void>;
  /** Runs after the transaction committed (mail, jobs), so a failed side effect cannot undo the change. */
  afterCreate?: (actor: Actor, item: Item) => Promise<void>;
  /** The bulk "status" action; without it that action is refused. */
  status?: {
    schema: z.ZodType<number>;
    apply: (tx: Db, actor: Actor, items: Item[], status: number) => Promise<void>;
  };
  /** The export's file and columns; left out only by a resource whose contract goes without export. */
  export?: {
    /** Locale key of the file (and sheet) name; the date is appended. */
    fileName: string;
    columns: ExportColumn<Item>[];
    /** Columns of the company's own, read in the export's transaction and appended after `columns`. */
    extraColumns?: (tx: Db, companyId: number, t: Translate) => Promise<LabelledExportColumn<Item>[]>;
  };
}

/** Rows presented at a time while an export is written. */
const EXPORT_BATCH = 500;

/**
 * Case folding that does not depend on the database's locale (PostgreSQL's lower() under the C locale folds ASCII
 * only): the capitals of tr/az/de first, then ASCII. Dotted and dotless i fold together, so "ırmak" finds "Irmak" and
 * "ivan" finds "Ivan".
 */
const FOLD_FROM = 'ÇĞİIıÖŞÜƏÄÂÎÛ';
const FOLD_TO = 'çğiiiöşüəäâîû';
export function foldCase(text: string): string {
  let out = '';
  for (const ch of text) {
    const at = FOLD_FROM.indexOf(ch);
    out += at >= 0 ? FOLD_TO[at] : ch.toLowerCase();
  }
  return out;
}
export const foldedColumn = (column: PgColumn) => sql`lower(translate(${column}, ${FOLD_FROM}, ${FOLD_TO}))`;
export const likePattern = (text: string) => `%${foldCase(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const PRESENT_CHUNK = 1000;

/** The service of one declared resource: the same calls its routes make, for custom actions and other modules. */
export function defineResource<
  Item extends { id: number },
  Create,
  Update,
  Query extends ResourceListQuery,
  Access extends ResourceAccess = Permission,
>(db: Db, decl: ResourceDeclaration<Item, Create, Update, Query, Access>) {
  const { table, contract } = decl;
  const platform = decl.scope === undefined || decl.scope === 'tenant' ? undefined : decl.scope;
  /** The rows the acting company may reach: its own (tenant scope) or the platform scope's filter. */
  const within = decl.scope === undefined || decl.scope === 'tenant' ? decl.within : undefined;
  const ofCompany = (companyId: number): SQL | undefined =>
    platform ? platform.rows(companyId) : and(eq((table as TenantTable).companyId, companyId), within);
  /** One transaction of an action: in the actor's tenant, or in the system scope for platform rows. */
  const transaction = <T>(actor: Actor, fn: (tx: Db) => Promise<T>): Promise<T> =>
    platform ? asSystem(db, fn) : inTenant(db, actor.companyId, fn);
  /** Inside a transaction opened in the owner's tenant (an export's job): platform rows are read in the system scope. */
  const inScope = <T>(tx: Db, fn: () => Promise<T>): Promise<T> => (platform ? withSystemScope(tx, fn) : fn());
  const shared = decl.scope === undefined || decl.scope === 'tenant' ? decl.shared : undefined;
  /** What a viewer reads: the scope's rows, and the shared ones it sees. */
  const visibleTo = (viewer: Viewer) =>
    shared ? (or(ofCompany(viewer.companyId), shared.rows(viewer)) as SQL) : ofCompany(viewer.companyId);
  // A bare company id (an export's owner) sees the shared rows a company admin sees.
  const viewerOf = (who: number | Viewer): Viewer =>
    typeof who === 'number' ? { companyId: who, isSuperAdmin: false } : who;
  const columns = { id: table.id, ...decl.columns } as Record<string, PgColumn>;
  const statusColumn = decl.activeStatus ? (table as PlatformTable & { status: PgColumn }).status : undefined;
  const sortable: Record<string, PgColumn | SQL> = {
    ...Object.fromEntries(contract.list.sorts.flatMap((field) => (columns[field] ? [[field, columns[field]]] : []))),
    ...decl.sortable,
  };
  const unsortable = contract.list.sorts.filter((field) => !Object.hasOwn(sortable, field));
  if (unsortable.length > 0) throw new Error(`${decl.entity}: no column to sort by ${unsortable.join(', ')}`);
  const filters = {
    ...(statusColumn ? { status: (value: number) => eq(statusColumn, value) } : {}),
    ...decl.filters,
  } as Record<string, (value: unknown) => SQL | undefined>;
  // The default status update keeps to the scope's rows, as every other write does.
  const statusRule =
    decl.status ??
    (statusColumn ? statusUpdateWithin<Item>(table as PlatformTable & { status: PgColumn }, ofCompany) : undefined);

  /** The item of a row selected through `columns`: dates as ISO text, the 0/1 status read leniently. */
  function itemOfRow(row: Record<string, unknown>): Item {
    const item: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(row)) {
      if (field === 'status' && statusColumn) item[field] = presentActiveStatus(value);
      else item[field] = value instanceof Date ? value.toISOString() : value;
    }
    return item as Item;
  }

  async function presentFromColumns(tx: Db, companyId: number, ids: number[]): Promise<Item[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select(columns)
      .from(table)
      .where(and(ofCompany(companyId), inArray(table.id, ids)));
    return rows.map(itemOfRow);
  }

  const offersExport = !contract.without?.includes('export');
  if (offersExport !== Boolean(decl.export)) {
    throw new Error(`${decl.entity}: declare the export exactly when the contract offers it`);
  }
  if (shared && !decl.present) throw new Error(`${decl.entity}: a resource with shared rows presents its items`);
  if (!decl.present) {
    const item = contract.schemas.item;
    const fields = item instanceof z.ZodObject ? Object.keys(item.shape) : [];
    const missing = fields.filter((field) => !columns[field]);
    if (fields.length === 0 || missing.length > 0) {
      throw new Error(`${decl.entity}: present the items or give every field a column (${missing.join(', ')})`);
    }
  }
  const present = decl.present ?? presentFromColumns;

  async function insertColumns(tx: Db, actor: Actor, input: Create): Promise<number> {
    if (platform) throw new Error(`${decl.entity}: platform rows need a create of their own`);
    const [row] = await tx
      .insert(table)
      .values({ ...columnValues(columns, table, input as object), companyId: actor.companyId } as never)
      .returning({ id: table.id });
    if (!row) throw new Error(`${decl.entity} insert returned nothing`);
    return row.id as number;
  }

  async function updateColumns(tx: Db, actor: Actor, before: Item, input: Update): Promise<void> {
    const values = columnValues(columns, table, input as object);
    if (Object.keys(values).length === 0) return;
    await tx
      .update(table)
      .set(values as never)
      .where(and(ofCompany(actor.companyId), eq(table.id, before.id)));
  }
  const createRow = decl.create ?? insertColumns;
  const updateRow = decl.update ?? updateColumns;

  /** The list's WHERE: always the scope, then search and filters. Exposed so a test can read the SQL. */
  function listWhere(who: number | Viewer, query: Query): SQL {
    const parts: (SQL | undefined)[] = [visibleTo(viewerOf(who))];
    if (query.search && decl.search.length > 0) {
      const pattern = likePattern(query.search);
      parts.push(or(...decl.search.map((column) => sql`${foldedColumn(column)} like ${pattern}`)));
    }
    for (const [key, toSql] of Object.entries(filters)) {
      const value = (query as Record<string, unknown>)[key];
      if (value !== undefined && value !== null) parts.push(toSql(value));
    }
    return and(...parts) ?? sql`true`;
  }

  function listOrder(sort: string | undefined): SQL[] {
    const parsed = parseSort(sort);
    // Own keys only: `sort=__proto__` or `constructor` must fall back to the default order, not read the prototype.
    const column = parsed && Object.hasOwn(sortable, parsed.field) ? sortable[parsed.field] : undefined;
    if (!parsed || !column) return [...decl.defaultOrder, desc(table.id)];
    const direction = parsed.descending ? sql`desc nulls last` : sql`asc nulls last`;
    return [sql`${column} ${direction}`, parsed.descending ? desc(table.id) : asc(table.id)];
  }

  /** Items for ids, in the order of the ids. */
  async function presentInOrder(tx: Db, companyId: number, ids: number[]): Promise<Item[]> {
    const items: Item[] = [];
    for (let i = 0; i < ids.length; i += PRESENT_CHUNK) {
      items.push(...(await present(tx, companyId, ids.slice(i, i + PRESENT_CHUNK))));
    }
    const byId = new Map(items.map((item) => [item.id, item]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  const uniqueRules = decl.unique ?? [];

  /** The 422 of every unique field of the input that another record of the company already holds. */
  async function assertUnique(tx: Db, companyId: number, input: Create | Update, exceptId?: number): Promise<void> {
    const taken: Record<string, string> = {};
    for (const rule of uniqueRules) {
      const value = (input as Record<string, unknown>)[rule.field];
      if (typeof value !== 'string' || value === '') continue;
      const [clash] = await tx
        .select({ id: table.id })
        .from(table)
        .where(
          and(
            ofCompany(companyId),
            rule.ignoreCase ? eq(foldedColumn(rule.column), foldCase(value)) : eq(rule.column, value),
            exceptId === undefined ? undefined : ne(table.id, exceptId),
          ),
        )
        .limit(1);
      if (clash) taken[rule.field] = rule.message;
    }
    if (Object.keys(taken).length > 0) throw invalidFields(taken);
  }

  /** A write that ran into a declared unique index (a race past the check) answers the same 422. */
  async function withUniqueIndexes<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const constraint = uniqueViolationOf(error);
      const rule = uniqueRules.find(
        (candidate) => candidate.constraint !== undefined && candidate.constraint === constraint,
      );
      if (rule) throw invalidFields({ [rule.field]: rule.message });
      throw error;
    }
  }

  /**
   * All ids must be within the scope (or shared rows the actor sees), checked in one query; otherwise 404 and nothing
   * happens. For a change, a shared row is a 422.
   */
  async function findOwned(tx: Db, actor: Actor, ids: number[], change = false): Promise<Item[]> {
    const unique = [...new Set(ids)];
    const found = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(visibleTo(actor), inArray(table.id, unique)));
    if (found.length !== unique.length) throw notFound();
    if (change && shared) {
      const ownCount = await tx
        .select({ value: count() })
        .from(table)
        .where(and(ofCompany(actor.companyId), inArray(table.id, unique)));
      if ((ownCount[0]?.value ?? 0) !== unique.length) {
        throw new HttpError(422, shared.readOnly, {}, { id: [shared.readOnly] });
      }
    }
    return presentInOrder(tx, actor.companyId, unique);
  }

  const audit = (tx: Db, actor: Actor, action: AuditedAction, id: number, before?: Item, after?: Item) => {
    const item = after ?? before;
    return record(tx, actor, {
      action: `${decl.entity}.${action}`,
      entity: decl.entity,
      id: id,
      before: before ?? null,
      after: after ?? null,
      ...(platform?.auditCompany && item ? { companyId: platform.auditCompany(item, action) } : {}),
    });
  };

  /** `status_changed` for an update that changed the status alone, where the declaration asks for it. */
  function updateAction(before: Item, after: Item): AuditedAction {
    if (!decl.auditStatusOnlyUpdate) return 'updated';
    const changed = Object.keys({ ...before, ...after }).filter(
      (field) =>
        field !== 'updated_at' &&
        JSON.stringify((before as Record<string, unknown>)[field]) !==
          JSON.stringify((after as Record<string, unknown>)[field]),
    );
    return changed.length === 1 && changed[0] === 'status' ? 'status_changed' : 'updated';
  }

  async function deleteItems(tx: Db, actor: Actor, items: Item[]): Promise<void> {
    await decl.beforeDelete?.(tx, actor, items);
    await tx.delete(table).where(
      and(
        ofCompany(actor.companyId),
        inArray(
          table.id,
          items.map((item) => item.id),
        ),
      ),
    );
    for (const item of items) await audit(tx, actor, 'deleted', item.id, item);
  }

  async function applyStatus(tx: Db, actor: Actor, items: Item[], raw: number | undefined): Promise<void> {
    if (!statusRule) throw invalidFields({ action: 'resource.status_unsupported' });
    const parsed = statusRule.schema.safeParse(raw);
    if (!parsed.success) throw invalidFields({ status: 'validation.invalid_value' });
    await statusRule.apply(tx, actor, items, parsed.data);
    const after = await presentInOrder(
      tx,
      actor.companyId,
      items.map((item) => item.id),
    );
    for (const [i, item] of items.entries()) await audit(tx, actor, 'status_changed', item.id, item, after[i]);
  }

  /** Ids of the filtered, sorted list, capped at `limit`. */
  const findIds = (tx: Db, viewer: number | Viewer, query: Query, limit: number, offset = 0) =>
    tx
      .select({ id: table.id })
      .from(table)
      .where(listWhere(viewer, query))
      .orderBy(...listOrder(query.sort))
      .limit(limit)
      .offset(offset);

  /**
   * One page of ids with the filtered total beside each (a window count): one round trip where an ids query and a
   * count were two. A page past the end has no row to carry the total; countAll answers it then.
   */
  const findPage = (tx: Db, actor: Actor, query: Query) =>
    tx
      .select({ id: table.id, total: sql<number>`count(*) over()`.mapWith(Number) })
      .from(table)
      .where(listWhere(actor, query))
      .orderBy(...listOrder(query.sort))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page);

  const countAll = async (tx: Db, actor: Actor, query: Query) =>
    (await tx.select({ value: count() }).from(table).where(listWhere(actor, query)))[0]?.value ?? 0;

  return {
    declaration: decl,
    listWhere,

    list: (actor: Actor, query: Query) =>
      transaction(actor, async (tx) => {
        const rows = await findPage(tx, actor, query);
        const total = rows[0]?.total ?? (query.page > 1 ? await countAll(tx, actor, query) : 0);
        const data = await presentInOrder(
          tx,
          actor.companyId,
          rows.map((r) => r.id as number),
        );
        return { data, meta: { page: query.page, per_page: query.per_page, total } };
      }),

    read: (actor: Actor, id: number) =>
      transaction(actor, async (tx) => {
        // A tenant's rows are all the tenant may see (row-level security holds the transaction to them), so presenting
        // the id is the check: one statement where findOwned takes two. Platform and shared rows keep findOwned's.
        const [item] = platform || shared ? await findOwned(tx, actor, [id]) : await present(tx, actor.companyId, [id]);
        if (!item) throw notFound();
        return item;
      }),

    create: async (actor: Actor, input: Create) => {
      const item = await transaction(actor, async (tx) => {
        await assertUnique(tx, actor.companyId, input);
        const id = await withUniqueIndexes(() => createRow(tx, actor, input));
        const [created] = await presentInOrder(tx, actor.companyId, [id]);
        if (!created) throw new Error(`${decl.entity} ${id} was created but cannot be read back`);
        await audit(tx, actor, 'created', id, undefined, created);
        return created;
      });
      await decl.afterCreate?.(actor, item);
      return item;
    },

    update: (actor: Actor, id: number, input: Update) =>
      transaction(actor, async (tx) => {
        const [before] = await findOwned(tx, actor, [id], true);
        if (!before) throw notFound();
        await assertUnique(tx, actor.companyId, input, id);
        await withUniqueIndexes(() => updateRow(tx, actor, before, input));
        const [after] = await presentInOrder(tx, actor.companyId, [id]);
        if (!after) throw new Error(`${decl.entity} ${id} was updated but cannot be read back`);
        await audit(tx, actor, updateAction(before, after), id, before, after);
        return after;
      }),

    remove: (actor: Actor, id: number) =>
      transaction(actor, async (tx) => deleteItems(tx, actor, await findOwned(tx, actor, [id], true))),

    /** Sets the status of some of the company's records (e.g. reactivate), through the declared status rule. */
    setStatus: (actor: Actor, ids: number[], status: number) =>
      transaction(actor, async (tx) => applyStatus(tx, actor, await findOwned(tx, actor, ids, true), status)),

    bulk: (actor: Actor, input: BulkAction, t: Translate): Promise<BulkResult> =>
      transaction(actor, async (tx) => {
        const items = await findOwned(tx, actor, input.ids, true);
        if (input.action === 'delete') await deleteItems(tx, actor, items);
        else await applyStatus(tx, actor, items, input.status);
        const key = input.action === 'delete' ? 'resource.bulk_deleted' : 'resource.bulk_updated';
        return { message: t(key, { count: items.length }), affected: items.length };
      }),

    /**
     * The whole filtered list (at most EXPORT_MAX_ROWS) as an export plan: localized headers, and the rows presented
     * batch by batch as the export job writes them (platform/exports.ts).
     */
    exportPlan: async (
      tx: Db,
      companyId: number,
      query: Omit<Query, 'page' | 'per_page'>,
      format: ExportFormat,
      t: Translate,
    ): Promise<ExportPlan> => {
      if (!decl.export) throw new Error(`${decl.entity} has no export`);
      const exported = decl.export;
      const full = { ...query, page: 1, per_page: EXPORT_MAX_ROWS } as Query;
      const ids = (await inScope(tx, () => findIds(tx, companyId, full, EXPORT_MAX_ROWS))).map((r) => r.id as number);
      const extra = (await exported.extraColumns?.(tx, companyId, t)) ?? [];
      const columns = [...exported.columns.map((c) => ({ label: t(c.header), value: c.value })), ...extra];
      async function* rows() {
        for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
          const batch = ids.slice(start, start + EXPORT_BATCH);
          const items = await inScope(tx, () => presentInOrder(tx, companyId, batch));
          yield items.map((item) => columns.map((c) => c.value(item, t)));
        }
      }
      const name = t(exported.fileName);
      return {
        fileName: name,
        format,
        sheets: [{ name, headers: columns.map((c) => c.label), rows: rows(), total: ids.length }],
      };
    },
  };
}

export type Resource<
  Item extends { id: number },
  Create,
  Update,
  Query extends ResourceListQuery,
  Access extends ResourceAccess = ResourceAccess,
> = ReturnType<typeof defineResource<Item, Create, Update, Query, Access>>;
