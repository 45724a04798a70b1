import pLimit, { type LimitFunction } from 'p-limit';
import type { Database } from '../db/client.js';

/**
 * A bounded share of the connection pool for work that holds a connection through many statements — an exam's start
 * and submit, the event subscribers after a commit: at most a third of the pool at once (at least `floor`). A burst of
 * such work then waits here, in the process, instead of taking every pooled connection, so the one-statement hot path
 * (thousands of learners saving an answer every few seconds) always finds one free (bench:exam, issue 15).
 */
export function poolShare(database: Pick<Database, 'connections'>, floor = 1): LimitFunction {
  return pLimit(Math.max(floor, Math.floor(database.connections / 3)));
}
