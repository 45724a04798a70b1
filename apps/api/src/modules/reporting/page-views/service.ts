import type { PageViewCreate } from '@kampus/shared';
import { pageViews } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Platform } from '../../../platform/deps.js';

export interface Viewer {
  companyId: number;
  userId: number;
}

export function createPageViewsService(platform: Platform) {
  const db = platform.database.db;

  return {
    /** Records one navigation (spec §1) in the company the person acts in; the reports read these rows. */
    record: (viewer: Viewer, input: PageViewCreate) =>
      inTenant(db, viewer.companyId, async (tx) => {
        await tx.insert(pageViews).values({
          companyId: viewer.companyId,
          userId: viewer.userId,
          path: input.path,
          routeName: input.route_name ?? null,
        });
      }),
  };
}

export type PageViewsService = ReturnType<typeof createPageViewsService>;
