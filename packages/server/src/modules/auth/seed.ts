import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { UserStatus } from '@herald/contract';
import { users } from '../../db/schema';
import { generatePassword, hashPassword } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';

/**
 * First start: create the operator super-administrator `admin`. Its password comes from
 * HERALD_ADMIN_PASSWORD or is generated and printed once; either way it must be changed at
 * first sign-in.
 */
export async function ensureAdmin(deps: Deps, log: FastifyBaseLogger): Promise<void> {
  const existing = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.side, 'op'), eq(users.isSuperAdmin, true)))
    .limit(1);
  if (existing.length) return;
  const generated = !deps.config.adminPassword;
  const password = deps.config.adminPassword ?? generatePassword();
  const inserted = await deps.db
    .insert(users)
    .values({
      side: 'op',
      username: 'admin',
      email: 'admin@herald.local',
      name: 'Administrator',
      passwordHash: await hashPassword(password),
      status: UserStatus.ENABLED,
      isSuperAdmin: true,
      mustChangePassword: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted.length) return; // another process seeded it first
  if (generated) {
    log.warn(
      `Created operator super-administrator "admin" with password: ${password}  (shown once; change it at first sign-in)`,
    );
  } else {
    log.info('Created operator super-administrator "admin" with the password from HERALD_ADMIN_PASSWORD');
  }
}
