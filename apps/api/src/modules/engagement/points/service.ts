import { inTenant } from '../../../db/scope.js';
import type { Platform } from '../../../platform/deps.js';
import { createLeaderboardService } from '../leaderboard/service.js';
import { subscribeAwards } from './awards.js';
import { createPointRules, ensurePointRules } from './rules.js';
import { balanceOf, refundPoints, spendPoints } from './wallet.js';

/**
 * Points and the leader table (issue 17): the rules resource (`api/admin/points`), awarding on the domain events
 * (awards.ts) and the leader table (../leaderboard). A company made later gets every rule, switched off.
 */
export function createPointsService(platform: Platform) {
  const db = platform.database.db;
  const rules = createPointRules(db);
  const awards = subscribeAwards(platform);
  platform.events.subscribe('company.created', async (event) => {
    const companyId = event.entityId ?? event.companyId;
    await inTenant(db, companyId, (tx) => ensurePointRules(tx, companyId, 0));
  });
  return {
    rules,
    awards,
    leaderboard: createLeaderboardService(platform),
    /** Spending (the gift store): the balance, a spend and its refund, in the caller's transaction (wallet.ts). */
    wallet: { balanceOf, spendPoints, refundPoints },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
