import type { Db } from '../db/client.js';
import { auditLogs } from '../db/schema/index.js';

export interface AuditEntry {
  companyId: number;
  actorUserId: number | null;
  impersonatorId?: number | null;
  action: string;
  entityType: string;
  entityId?: number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  requestId?: string | null;
}

/** Records who changed what, where and when, in the same transaction as the change. */
export async function writeAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLogs).values({
    companyId: entry.companyId,
    actorUserId: entry.actorUserId,
    impersonatorId: entry.impersonatorId ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
  });
}
