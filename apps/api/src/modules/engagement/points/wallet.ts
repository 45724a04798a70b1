import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { conflict } from '../../../platform/http/errors.js';
import { currentSeason } from './awards.js';

/**
 * Spending points (the gift store, issue 17). A person's spendable balance is the sum of their ledger rows: what
 * they earned, less what they spent (`gift_reserved`, negative), plus what came back (`gift_returned`). Spending
 * writes only the ledger, never point_totals, so the leader table (ranked by points earned in a period) does not
 * move when someone buys a gift. The ledger stays append-only: a refund is a row of its own.
 */
export const SPEND_KIND = 'gift_reserved';
export const REFUND_KIND = 'gift_returned';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Serialises everything that writes a person's ledger (awards take the same lock): held until the caller's
 * transaction ends, so a check of the balance and the write after it cannot interleave with another spend.
 */
async function lockPerson(tx: Db, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kampus.points'), ${userId})`);
}

/** The person's spendable points, in the caller's transaction. */
export async function balanceOf(tx: Db, companyId: number, userId: number): Promise<number> {
  const [row] = rowsOf<{ balance: number }>(
    await tx.execute(sql`select coalesce(sum(points), 0)::integer as balance from point_ledger
      where company_id = ${companyId} and user_id = ${userId}`),
  );
  return row?.balance ?? 0;
}

export interface Spending {
  companyId: number;
  userId: number;
  points: number;
  /** What it pays for (`gift_request:12`): one spend and one refund per key. */
  sourceKey: string;
}

/**
 * Takes `points` from the person's balance in the caller's transaction: locks the person, checks the balance and
 * writes a negative `gift_reserved` row; 409 `errorKey` when the balance is short. Answers the balance left.
 */
export async function spendPoints(tx: Db, spending: Spending, errorKey: string): Promise<number> {
  const { companyId, userId, points, sourceKey } = spending;
  if (points <= 0) throw new Error('a spend takes a positive number of points');
  await lockPerson(tx, userId);
  const balance = await balanceOf(tx, companyId, userId);
  if (balance < points) throw conflict(errorKey);
  const season = await currentSeason(tx, companyId);
  await tx.execute(sql`insert into point_ledger (company_id, user_id, rule_id, kind, source_key, points, season)
    values (${companyId}, ${userId}, null, ${SPEND_KIND}, ${sourceKey}, ${-points}, ${season})`);
  return balance - points;
}

/**
 * Gives a spend back (a rejected or cancelled request): a positive `gift_returned` row of the same amount, once per
 * key (a second refund of the same key writes nothing). Answers whether it wrote.
 */
export async function refundPoints(tx: Db, spending: Spending): Promise<boolean> {
  const { companyId, userId, points, sourceKey } = spending;
  await lockPerson(tx, userId);
  const season = await currentSeason(tx, companyId);
  const inserted = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into point_ledger (company_id, user_id, rule_id, kind, source_key, points, season)
      values (${companyId}, ${userId}, null, ${REFUND_KIND}, ${sourceKey}, ${points}, ${season})
      on conflict (company_id, user_id, kind, source_key) do nothing
      returning id`),
  );
  return inserted.length > 0;
}
