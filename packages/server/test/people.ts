import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Server } from '../src/app';
import { operLogs } from '../src/db/schema';
import { activateFromMail } from './fixtures';
import { Client, expectOk, type Res } from './harness';

/** Helpers for the users, roles and personal-centre tests: people made through the API itself. */

let seq = 0;
export const uniq = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;
/** An 11-digit phone number no other test of this process uses. */
export const uniqPhone = () => `13${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq % 1000).padStart(3, '0')}`;

export async function createRole(admin: Client, permissions: string[], name = `role-${uniq()}`) {
  return expectOk(await admin.post('/v1/roles', { name, permissions }));
}

export async function createUser(admin: Client, body: Record<string, unknown> = {}) {
  const username = `u${uniq()}`;
  return expectOk(await admin.post('/v1/users', { username, email: `${username}@example.com`, ...body }));
}

/**
 * An enabled, signed-in user of the admin's side/account holding a new role with `permissions`
 * (activated through the mailed link, as a person would).
 */
export async function activeUser(server: Server, admin: Client, permissions: string[], password = 'User@12345') {
  const role = await createRole(admin, permissions);
  const user = await createUser(admin, { roleIds: [role.id] });
  await activateFromMail(server, user.email, password);
  const client = await new Client(server).login(user.username, password);
  return { user, role, client, password };
}

/** Operation-log lines of a module and type whose description mentions `text`. */
export async function auditLines(server: Server, module: string, type: string, text: string) {
  return server.deps.db
    .select()
    .from(operLogs)
    .where(and(eq(operLogs.module, module), eq(operLogs.type, type), sql`${operLogs.description} like ${`%${text}%`}`));
}

/** Expect the same validation failure in English and Chinese. */
export async function expectInvalid(
  send: (c: Client) => Promise<Res>,
  client: Client,
  en: string,
  zh: string,
  field?: string,
) {
  const a = await send(client);
  expect(a.status, JSON.stringify(a.body)).toBe(400);
  expect(a.body.code).toBe(40010);
  expect(a.body.message).toBe(en);
  if (field) expect(a.body.data.errors.map((e: { field: string }) => e.field)).toContain(field);
  const b = await send(client.withLang('zh_CN'));
  expect(b.body.code).toBe(40010);
  expect(b.body.message).toBe(zh);
}
