import { PassThrough, type Writable } from 'node:stream';
import { type ExportFileResult, type ExportFormat, LOCALES } from '@kampus/shared';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { storedFiles } from '../db/schema/index.js';
import { inTenant } from '../db/scope.js';
import type { Actor, Initiator } from './actor.js';
import type { Platform } from './deps.js';
import { loadExcel } from './excel.js';
import { type Translate, translator } from './i18n.js';
import type { JobContext } from './jobs.js';
import { type Cell, csvLine, EXPORT_CONTENT_TYPES, neutralise } from './resource/export.js';

/** A sheet holds at most 1,048,576 rows; one is the header. */
export const SHEET_MAX_ROWS = 1_048_575;
/** Rows between two progress reports. */
const PROGRESS_EVERY = 500;

export interface ExportSheet {
  name: string;
  headers: string[];
  /** Batches of rows, read as they are written, so a large export never sits in memory. */
  rows: AsyncIterable<Cell[][]>;
  /** How many rows will come, when the builder knows it (for the progress bar). */
  total?: number;
}

/** What an export's builder hands over: the file's name (without extension), its sheets, and what follows. */
export interface ExportPlan {
  fileName: string;
  format: ExportFormat;
  sheets: ExportSheet[];
  /** Runs in the export's transaction once every row is written: the audit of who exported what. */
  written?(rows: number[]): Promise<void>;
}

/** Who asked for an export: the owner of its job and of its file, and the language of its headers. */
export const exportOwnerSchema = z.object({
  companyId: z.number().int(),
  userId: z.number().int(),
  lang: z.enum(LOCALES),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type ExportOwner = z.infer<typeof exportOwnerSchema>;

export const exportOwnerOf = (actor: Actor): ExportOwner => ({
  companyId: actor.companyId,
  userId: actor.userId,
  lang: actor.lang,
  ip: actor.ip,
  requestId: actor.requestId,
});

/** The owner as the audit trail names who exported. */
export const initiatorOf = (owner: ExportOwner): Initiator => ({ ...owner, impersonatorId: null });

export interface ExportDefinition<S extends z.ZodType> {
  /** The job's name is `export.{name}`. */
  name: string;
  /** What the request adds to the owner (a list's filters, a request's id). */
  schema: S;
  plan(tx: Db, owner: ExportOwner, params: z.infer<S>, t: Translate): Promise<ExportPlan>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform's export jobs, for route layers that start exports (the resource framework). */
    exportJobs: Exports;
  }
}

export interface Exports {
  define<S extends z.ZodType>(definition: ExportDefinition<S>): void;
  /** Queues the export for the actor and answers its job's id; the request does not wait for the file. */
  start(actor: Actor, name: string, params: unknown): Promise<number>;
}

const dated = (name: string, format: ExportFormat) => `${name}-${new Date().toISOString().slice(0, 10)}.${format}`;

/**
 * Exports as background jobs: the request answers a job id at once; the job streams the rows from the database into
 * a private file in storage (never the whole file in memory), reports its progress, and answers the file. The file is
 * recorded unattached, so the upload clean-up removes it after UPLOAD_CLEANUP_AFTER_HOURS.
 */
export function createExports(platform: Pick<Platform, 'database' | 'jobs' | 'files'>): Exports {
  const db = platform.database.db;

  async function store(tx: Db, owner: ExportOwner, plan: ExportPlan, context: JobContext): Promise<ExportFileResult> {
    const body = new PassThrough();
    const mime = EXPORT_CONTENT_TYPES[plan.format];
    const stored = platform.files.put(owner.companyId, plan.format, body, { contentType: mime });
    let rows: number[];
    try {
      rows = await writeExport(plan, body, context);
    } catch (error) {
      body.destroy(error as Error);
      await stored.catch(() => undefined);
      throw error;
    }
    const { name, size } = await stored;
    const fileName = dated(plan.fileName, plan.format);
    await tx.insert(storedFiles).values({
      companyId: owner.companyId,
      name,
      originalName: fileName,
      size,
      mime,
      visibility: 'private',
      uploadedBy: owner.userId,
    });
    await plan.written?.(rows);
    return { file: { name, file_name: fileName, size, mime } };
  }

  return {
    define(definition) {
      const schema = z.object({ owner: exportOwnerSchema, params: definition.schema as z.ZodType });
      platform.jobs.register({
        name: `export.${definition.name}`,
        schema,
        handle: ({ owner, params }, context) =>
          inTenant(db, owner.companyId, async (tx) => {
            const plan = await definition.plan(
              tx,
              owner,
              params as z.infer<typeof definition.schema>,
              translator(owner.lang),
            );
            return store(tx, owner, plan, context);
          }),
      });
    },

    start: (actor, name, params) =>
      platform.jobs.enqueue(
        db,
        `export.${name}`,
        { owner: exportOwnerOf(actor), params },
        // One attempt: an export that fails is asked for again by the person, who sees the failure.
        { owner: { companyId: actor.companyId, userId: actor.userId }, maxAttempts: 1 },
      ),
  };
}

/** Writes the plan's sheets into `out` (xlsx, or the first sheet as CSV) and answers the rows written per sheet. */
export async function writeExport(plan: ExportPlan, out: Writable, context?: Pick<JobContext, 'progress'>) {
  const total = plan.sheets.every((sheet) => sheet.total !== undefined)
    ? plan.sheets.reduce((sum, sheet) => sum + (sheet.total ?? 0), 0)
    : 0;
  let done = 0;
  const report = progressReporter(context);
  const counted = async function* (sheet: ExportSheet) {
    for await (const batch of sheet.rows) {
      for (const row of batch) {
        yield row;
        done++;
        if (done % PROGRESS_EVERY === 0) report(done, total);
      }
    }
  };
  const rows = plan.format === 'csv' ? await writeCsv(plan.sheets, out, counted) : await writeXlsx(plan, out, counted);
  report(done, total);
  return rows;
}

/**
 * Progress is reported without waiting for it, one write at a time and the latest value only: the export reads in
 * its own transaction, and on the embedded database (one connection) a write awaited inside it would wait for that
 * transaction to end. There the bar moves when the export ends; on PostgreSQL it moves as rows are written.
 */
function progressReporter(context?: Pick<JobContext, 'progress'>) {
  let writing = false;
  let latest: [number, number] | null = null;
  const push = () => {
    if (writing || !latest || !context) return;
    const [done, total] = latest;
    latest = null;
    writing = true;
    context
      .progress(done, total)
      .catch(() => undefined)
      .finally(() => {
        writing = false;
        push();
      });
  };
  return (done: number, total: number) => {
    if (total <= 0) return;
    latest = [done, total];
    push();
  };
}

type RowsOf = (sheet: ExportSheet) => AsyncIterable<Cell[]>;

async function writeCsv(sheets: ExportSheet[], out: Writable, rowsOf: RowsOf): Promise<number[]> {
  const [sheet] = sheets;
  if (!sheet) throw new Error('an export has at least one sheet');
  // A BOM, so Excel opens UTF-8 (Turkish, Azerbaijani, German letters) correctly.
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => out.write(text, (error) => (error ? reject(error) : resolve())));
  await write(`\uFEFF${csvLine(sheet.headers)}`);
  let written = 0;
  for await (const row of rowsOf(sheet)) {
    await write(csvLine(row));
    written++;
  }
  await new Promise<void>((resolve) => out.end(resolve));
  return [written];
}

/** Sheet names are at most 31 characters, without []:*?/\ and unique within the workbook. */
function sheetName(name: string, taken: Set<string>): string {
  const base = name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base.slice(0, 28)} ${n}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * ExcelJS's streaming writer: each row is serialised and dropped as soon as it is added, so memory holds neither the
 * workbook model nor the file. Text cells get the formula-injection guard of every export.
 */
async function writeXlsx(plan: ExportPlan, out: Writable, rowsOf: RowsOf): Promise<number[]> {
  const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const taken = new Set<string>();
  const counts: number[] = [];
  for (const sheet of plan.sheets) {
    const worksheet = workbook.addWorksheet(sheetName(sheet.name, taken), { views: [{ state: 'frozen', ySplit: 1 }] });
    const header = worksheet.addRow(sheet.headers.map(neutralise));
    header.font = { bold: true };
    header.commit();
    let written = 0;
    for await (const row of rowsOf(sheet)) {
      if (written >= SHEET_MAX_ROWS) break;
      worksheet.addRow(row.map(neutralise)).commit();
      written++;
    }
    worksheet.commit();
    counts.push(written);
  }
  await workbook.commit();
  return counts;
}
