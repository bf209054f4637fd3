import { eq } from 'drizzle-orm';
import { UserStatus } from '@herald/contract';
import type { Server } from '../src/app';
import { accounts, mails, roles, userRoles, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/crypto';
import { defaultAccountPermissions } from '../src/modules/auth/permissions';
import { createDefaultGroup } from '../src/modules/groups/repo';
import { Client } from './harness';

let seq = 0;

/**
 * Set up an account with an enabled super-administrator straight in the database, for tests
 * of other modules that need "some account" without going through the accounts API.
 * Returns a client signed in as that administrator.
 */
export async function seedAccount(
  server: Server,
  opts: { name?: string; password?: string } = {},
): Promise<{ accountId: number; adminId: number; username: string; client: Client }> {
  const n = `${Date.now().toString(36)}${++seq}`;
  const name = opts.name ?? `Shop ${n}`;
  const password = opts.password ?? 'Shop@12345';
  const db = server.deps.db;
  const [account] = await db
    .insert(accounts)
    .values({
      name,
      country: 'CN',
      timeZone: 'Asia/Shanghai',
      industry: '01',
      subjectType: 'business',
      subjectName: name,
      permissions: defaultAccountPermissions(),
    })
    .returning();
  const username = `shop${n}`;
  const [admin] = await db
    .insert(users)
    .values({
      side: 'ac',
      accountId: account!.id,
      username,
      email: `${username}@example.com`,
      passwordHash: await hashPassword(password),
      status: UserStatus.ENABLED,
      isSuperAdmin: true,
    })
    .returning();
  await db.update(accounts).set({ adminUserId: admin!.id }).where(eq(accounts.id, account!.id));
  await createDefaultGroup(db, account!.id);
  const client = await new Client(server).login(username, password);
  return { accountId: account!.id, adminId: admin!.id, username, client };
}

/** The newest mail sent to an address (the outbox table), e.g. to follow an activation link. */
export async function lastMailTo(server: Server, to: string) {
  const rows = await server.deps.db.select().from(mails).where(eq(mails.to, to));
  return rows.sort((a, b) => b.id - a.id)[0];
}

/** Follow the activation link in the newest mail to `email` and set `password`. */
export async function activateFromMail(server: Server, email: string, password: string): Promise<void> {
  const mail = await lastMailTo(server, email);
  const token = new URL(mail!.link!).searchParams.get('token');
  const res = await new Client(server).post('/users/active/user', { token, password, confirmPassword: password });
  if (res.body.code !== 20000) throw new Error(`activation failed: ${JSON.stringify(res.body)}`);
}

/**
 * An enabled, signed-in user holding one role with exactly `permissions`, created straight in
 * the database (side 'op' = an operator; side 'ac' needs `accountId`). For permission-denial tests.
 */
export async function seedRoleUser(
  server: Server,
  opts: { side: 'op' | 'ac'; permissions: string[]; accountId?: number; password?: string },
): Promise<{ userId: number; username: string; client: Client }> {
  const n = `${Date.now().toString(36)}${++seq}`;
  const password = opts.password ?? 'Staff@12345';
  const db = server.deps.db;
  const accountId = opts.side === 'ac' ? opts.accountId! : null;
  const [role] = await db
    .insert(roles)
    .values({ side: opts.side, accountId, name: `role${n}`, permissions: opts.permissions })
    .returning();
  const username = `staff${n}`;
  const [user] = await db
    .insert(users)
    .values({
      side: opts.side,
      accountId,
      username,
      email: `${username}@example.com`,
      passwordHash: await hashPassword(password),
      status: UserStatus.ENABLED,
    })
    .returning();
  await db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
  const client = await new Client(server).login(username, password);
  return { userId: user!.id, username, client };
}
