import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/database.js';
import { type CompanyRow, type Factories, factories, type UserRow } from '../../test/factories.js';
import type { Database } from '../db/client.js';
import { afterCommit, inTenant } from '../db/scope.js';
import type { Actor } from './actor.js';
import { createEventBus, type DomainEvent, record } from './events.js';

describe('record: the audit row and the domain event of one change', () => {
  let database: Database;
  let make: Factories;
  let company: CompanyRow;
  let person: UserRow;
  let bus: ReturnType<typeof createEventBus>;
  const log = { error: vi.fn() };
  let heard: DomainEvent[];

  const actor = (): Actor => ({
    userId: person.id,
    homeCompanyId: company.id,
    hostCompanyId: company.id,
    companyId: company.id,
    sessionCompanyId: company.id,
    switchableCompanyIds: [company.id],
    sessionId: 'session',
    roleIds: [2],
    permissions: new Set(),
    isSuperAdmin: false,
    impersonatorId: null,
    ip: '192.0.2.1',
    requestId: 'req-1',
    lang: 'tr',
  });

  beforeAll(async () => {
    database = await openTestDatabase();
    make = factories(database.db);
    company = await make.createCompany();
    person = await make.createUser(company);
    bus = createEventBus(database.db, log as unknown as FastifyBaseLogger);
    bus.subscribe('hashtag.created', (event) => void heard.push(event));
  });
  afterAll(() => database.close());
  beforeEach(() => {
    heard = [];
    log.error.mockClear();
  });

  it('writes the audit row in the transaction and tells the subscribers after the commit', async () => {
    let heardBeforeCommit = -1;
    await inTenant(database.db, company.id, async (tx) => {
      await record(tx, actor(), { action: 'hashtag.created', entity: 'hashtag', id: 7, after: { name: 'x' } });
      await new Promise((resolve) => setTimeout(resolve, 20));
      heardBeforeCommit = heard.length;
    });
    await bus.idle();
    expect(heardBeforeCommit).toBe(0);
    expect(heard).toEqual([
      expect.objectContaining({
        action: 'hashtag.created',
        entity: 'hashtag',
        entityId: 7,
        companyId: company.id,
        actorUserId: person.id,
        after: { name: 'x' },
        requestId: 'req-1',
      }),
    ]);
    const [row] = await make.auditOf('hashtag', 7);
    expect(row).toMatchObject({ action: 'hashtag.created', actorUserId: person.id, ip: '192.0.2.1' });
  });

  it('records nothing and tells nobody when the transaction rolls back', async () => {
    await expect(
      inTenant(database.db, company.id, async (tx) => {
        await record(tx, actor(), { action: 'hashtag.created', entity: 'hashtag', id: 8 });
        throw new Error('refused later in the same change');
      }),
    ).rejects.toThrow('refused later');
    await bus.idle();
    expect(heard).toEqual([]);
    expect(await make.auditOf('hashtag', 8)).toEqual([]);
  });

  it('holds the events of a nested scope until the outermost transaction commits', async () => {
    await expect(
      inTenant(database.db, company.id, async (tx) => {
        await inTenant(tx, company.id, (inner) =>
          record(inner, actor(), { action: 'hashtag.created', entity: 'hashtag', id: 9 }),
        );
        await bus.idle();
        expect(heard).toEqual([]);
        throw new Error('the outer change fails');
      }),
    ).rejects.toThrow('outer change');
    await bus.idle();
    expect(heard).toEqual([]);
  });

  it('reaches subscribers of the action, of the entity and of everything; one failing harms no other', async () => {
    const seen: string[] = [];
    bus.subscribe('institution.*', (event) => void seen.push(`entity ${event.action}`));
    bus.subscribe('*', (event) => void seen.push(`all ${event.action}`));
    bus.subscribe('institution.deleted', () => {
      throw new Error('a subscriber broke');
    });
    await inTenant(database.db, company.id, (tx) =>
      record(
        tx,
        { companyId: company.id, ip: null, requestId: null },
        {
          action: 'institution.deleted',
          entity: 'institution',
          id: 3,
        },
      ),
    );
    await bus.idle();
    expect(seen.sort()).toEqual(['all institution.deleted', 'entity institution.deleted']);
    expect(log.error).toHaveBeenCalledTimes(1);
    const [row] = await make.auditOf('institution', 3);
    expect(row?.actorUserId).toBeNull();
  });

  it('runs no more subscribers at once than its concurrency, the others in their turn', async () => {
    // The bus built last is the one the database's events reach: the tests before this one are done with theirs.
    const limited = createEventBus(database.db, log as unknown as FastifyBaseLogger, 2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    limited.subscribe('badge.earned', async (event) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push(event.entityId ?? 0);
      running--;
    });
    await inTenant(database.db, company.id, async (tx) => {
      for (let id = 1; id <= 6; id++) {
        await record(
          tx,
          { companyId: company.id, ip: null, requestId: null },
          { action: 'badge.earned', entity: 'badge', id },
        );
      }
    });
    await limited.idle();
    expect(most).toBe(2);
    expect(order.sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses afterCommit outside a scoped transaction', () => {
    expect(() => afterCommit(() => undefined)).toThrow(/inTenant or asSystem/);
  });
});
