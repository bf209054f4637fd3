import { and, eq, ne } from 'drizzle-orm';
import { UserStatus } from '@herald/contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { generatePassword, hashPassword } from '../../lib/crypto';
import { audit } from '../oper-log/audit';
import { revokeUserSessions, setPassword } from './repo';

/**
 * Recovery of an operator who has nobody above them to unlock them — in practice the operator
 * super-administrator after five wrong passwords (anyone who knows the name `admin` can do that).
 * Run on the server's machine against its database (see `reset-admin-cli.ts`): unlocks, sets a
 * generated password that must be changed at the next sign-in, signs the user out everywhere.
 * Returns the new password, or undefined when there is no such live operator.
 */
export async function resetOperatorPassword(db: Db, username: string): Promise<string | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.side, 'op'), eq(users.username, username), ne(users.status, UserStatus.DELETED)))
    .limit(1);
  if (!user) return undefined;
  const password = generatePassword();
  const hashed = await hashPassword(password);
  await db.transaction(async (tx) => {
    await setPassword(tx, user.id, hashed, true);
    await revokeUserSessions(tx, user.id, 'password_reset');
    await audit(
      tx,
      { userId: user.id, username: user.username, accountId: null, ip: '' },
      {
        module: 'user',
        type: 'resetPassword',
        description: { key: 'log.auth.cliReset', params: { username: user.username } },
      },
    );
  });
  return password;
}
