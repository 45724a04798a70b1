import type { Locale, UpdateUser } from '@kampus/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';
import { inTenant } from '../../../db/scope.js';
import type { Actor } from '../../../platform/actor.js';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../../platform/auth/passwords.js';
import type { Platform } from '../../../platform/deps.js';
import { record } from '../../../platform/events.js';
import { invalidFields, notFound } from '../../../platform/http/errors.js';
import { replaceFile } from '../../system/files/service.js';

type UserRow = typeof users.$inferSelect;

/** The signed-in user's own profile; the user row lives in its home company. */

function presentProfile(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    username: user.username,
    bio: user.bio,
    photo: user.photo,
    language: (user.language as Locale) ?? 'tr',
  };
}

export function createAccountService(platform: Platform) {
  const db = platform.database.db;

  async function findMe(tx: Db, userId: number): Promise<UserRow> {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw notFound();
    return user;
  }

  async function assertUnique(tx: Db, user: UserRow, field: 'email' | 'username', value: string): Promise<void> {
    const column = field === 'email' ? users.email : users.username;
    const [clash] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.companyId, user.companyId), eq(sql`lower(${column})`, value.toLowerCase()), ne(users.id, user.id)),
      )
      .limit(1);
    if (clash) throw invalidFields({ [field]: field === 'email' ? 'errors.email_taken' : 'errors.username_taken' });
  }

  /**
   * A photo must be a file this server stored for the host's company (POST api/uploads), so a profile can never
   * point at a foreign address or another company's file. Clearing it, or sending the current one back, is fine.
   * The new file is marked attached and the replaced one let go, in the profile's transaction, so the upload
   * clean-up keeps exactly the photos in use.
   */
  async function attachImage(tx: Db, me: Actor, current: UserRow, image: string | null | undefined): Promise<void> {
    if (image === undefined) return;
    if (!(await replaceFile(tx, me.hostCompanyId, current.photo, image))) {
      throw invalidFields({ image: 'upload.image_not_issued' });
    }
  }

  return {
    async getProfile(me: Actor) {
      const companyId = me.homeCompanyId;
      return presentProfile(await inTenant(db, companyId, (tx) => findMe(tx, me.userId)));
    },

    /** PUT api/user: email, username, bio, image, and a new password that needs the current one. */
    async updateProfile(me: Actor, input: UpdateUser) {
      const companyId = me.homeCompanyId;
      const current = await inTenant(db, companyId, (tx) => findMe(tx, me.userId));
      let passwordHash: string | undefined;
      if (input.password !== undefined) {
        if (!(await verifyPassword(current.passwordHash, input.current_password ?? ''))) {
          throw invalidFields({ current_password: 'errors.current_password_wrong' });
        }
        // Checked against the details the person keeps or is about to take.
        assertAcceptablePassword(input.password, {
          ...current,
          email: input.email ?? current.email,
          username: input.username ?? current.username,
        });
        passwordHash = await hashPassword(input.password);
      }
      const updated = await inTenant(db, companyId, async (tx) => {
        const user = await findMe(tx, me.userId);
        await attachImage(tx, me, user, input.image);
        if (input.email !== undefined) await assertUnique(tx, user, 'email', input.email);
        if (input.username !== undefined) await assertUnique(tx, user, 'username', input.username);
        const changes: Partial<typeof users.$inferInsert> = {
          ...(input.email !== undefined && input.email !== user.email
            ? { email: input.email, emailVerifiedAt: null }
            : {}),
          ...(input.username !== undefined ? { username: input.username } : {}),
          ...(input.bio !== undefined ? { bio: input.bio } : {}),
          ...(input.image !== undefined ? { photo: input.image } : {}),
          ...(passwordHash ? { passwordHash } : {}),
        };
        // Nothing new (an empty body, or the same email again): answer the profile as it is, like any idempotent PUT.
        if (Object.keys(changes).length === 0) return user;
        const [row] = await tx.update(users).set(changes).where(eq(users.id, user.id)).returning();
        await record(
          tx,
          { companyId: companyId, userId: me.userId, ip: me.ip, requestId: me.requestId },
          {
            action: 'user.profile_updated',
            entity: 'user',
            id: user.id,
            before: { email: user.email, username: user.username, bio: user.bio, photo: user.photo },
            after: {
              email: row?.email,
              username: row?.username,
              bio: row?.bio,
              photo: row?.photo,
              password_changed: !!passwordHash,
            },
          },
        );
        // As a reset does: whoever else holds a session of this person (a lost phone, a shared computer) is out now.
        if (passwordHash) {
          await platform.sessions.revoke(tx, { userIds: [user.id], exceptFamilyId: me.sessionId });
        }
        return row ?? user;
      });
      return presentProfile(updated);
    },

    async changeLanguage(me: Actor, code: Locale): Promise<void> {
      const companyId = me.homeCompanyId;
      await inTenant(db, companyId, (tx) => tx.update(users).set({ language: code }).where(eq(users.id, me.userId)));
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
