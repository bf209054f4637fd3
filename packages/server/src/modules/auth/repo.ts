import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { UserStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { accounts, authCodes, refreshTokens, sessions, users, userTokens } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export const findUserByUsername = async (db: Db, username: string) =>
  (
    await db
      .select()
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.status, UserStatus.DELETED)))
      .limit(1)
  )[0];

export const findUserById = async (db: Db, id: number) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

export const findAccountStatus = async (db: Db, accountId: number) =>
  (await db.select({ status: accounts.status }).from(accounts).where(eq(accounts.id, accountId)).limit(1))[0]?.status;

/** Count a wrong password; returns whether the user is now locked. */
export async function recordFailedLogin(db: Db, userId: number, maxFailures: number): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({
      failedLogins: sql`${users.failedLogins} + 1`,
      locked: sql`${users.failedLogins} + 1 >= ${maxFailures}`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ locked: users.locked });
  return row?.locked ?? false;
}

export const resetFailedLogins = (db: Db, userId: number) =>
  db.update(users).set({ failedLogins: 0 }).where(eq(users.id, userId));

export const recordSuccessfulLogin = (db: Db, userId: number, ip: string) =>
  db.update(users).set({ failedLogins: 0, lastLoginAt: new Date(), lastLoginIp: ip }).where(eq(users.id, userId));

export const insertSession = (db: Db, values: typeof sessions.$inferInsert) => db.insert(sessions).values(values);

export const insertRefreshToken = (db: Db, values: typeof refreshTokens.$inferInsert) =>
  db.insert(refreshTokens).values(values);

export const findRefreshToken = async (db: Db, tokenHash: string) =>
  (
    await db
      .select({ token: refreshTokens, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1)
  )[0];

/** The session row, locked until the end of the transaction (serialises its refreshes). */
export const lockSession = async (tx: Db, id: string) =>
  (await tx.select().from(sessions).where(eq(sessions.id, id)).for('update').limit(1))[0];

/**
 * A refresh token read under its session's lock, with whether it was used within the last
 * `leewaySec` seconds by the database's clock (one clock for every server process).
 */
export const findRefreshTokenUnderLock = async (tx: Db, id: number, leewaySec: number) =>
  (
    await tx
      .select({
        token: refreshTokens,
        usedRecently: sql<boolean>`coalesce(${refreshTokens.usedAt} > now() - make_interval(secs => ${leewaySec}), false)`,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.id, id))
      .limit(1)
  )[0];

/** Mark a refresh token used; false when it was used already. */
export async function markRefreshTokenUsed(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.supersededAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/** Whether a token issued after this one in its session has been used (the chain went on). */
export const usedAfter = async (db: Db, sessionId: string, tokenId: number) =>
  (
    await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(
        and(eq(refreshTokens.sessionId, sessionId), gt(refreshTokens.id, tokenId), isNotNull(refreshTokens.usedAt)),
      )
      .limit(1)
  ).length > 0;

/**
 * Give a used token its one second pair: it cannot have another, and the session's unused
 * tokens (the pair whose answer was lost) are superseded, so presenting one later is reuse.
 */
export async function reissueRefreshToken(db: Db, sessionId: string, id: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ supersededAt: sql`now()` })
    .where(
      and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.usedAt), isNull(refreshTokens.supersededAt)),
    );
  await db
    .update(refreshTokens)
    .set({ reissuedAt: sql`now()` })
    .where(eq(refreshTokens.id, id));
}

export const revokeSession = (db: Db, sessionId: string, reason: string) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));

/** Revoke every live session of a user (password reset, deletion, admin replacement). */
export const revokeUserSessions = (db: Db, userId: number, reason: string, exceptSessionId?: string) =>
  db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );

export const insertAuthCode = (db: Db, values: typeof authCodes.$inferInsert) => db.insert(authCodes).values(values);

/** Take a one-time code: returns its row only to the first caller. */
export async function consumeAuthCode(db: Db, codeHash: string) {
  const rows = await db
    .update(authCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(authCodes.codeHash, codeHash), isNull(authCodes.usedAt)))
    .returning();
  return rows[0];
}

export const insertUserToken = (db: Db, values: typeof userTokens.$inferInsert) => db.insert(userTokens).values(values);

export const findUserToken = async (db: Db, tokenHash: string) =>
  (await db.select().from(userTokens).where(eq(userTokens.tokenHash, tokenHash)).limit(1))[0];

export async function consumeUserToken(db: Db, tokenHash: string) {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.tokenHash, tokenHash), isNull(userTokens.usedAt)))
    .returning();
  return rows[0];
}

/** Older unused links of the same purpose stop working when a new one is sent. */
export const expireUserTokens = (db: Db, userId: number, purpose: string) =>
  db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));

export const setPassword = (db: Db, userId: number, passwordHash: string, mustChange: boolean) =>
  db
    .update(users)
    .set({ passwordHash, mustChangePassword: mustChange, failedLogins: 0, locked: false, updatedAt: new Date() })
    .where(eq(users.id, userId));
