import type { OperModule, OperType } from '@herald/contract';
import type { Db } from '../../db/client';
import { operLogs } from '../../db/schema';
import type { AuthContext } from '../../lib/context';

export type AuditEntry = { module: OperModule; type: OperType; description: string };

/**
 * Record a change in the operation log. Call it inside the same transaction as the change, so
 * a failed change leaves no log line and a logged change really happened.
 */
export async function audit(
  db: Db,
  who: Pick<AuthContext, 'userId' | 'username' | 'accountId' | 'ip'>,
  entry: AuditEntry,
): Promise<void> {
  await db.insert(operLogs).values({
    accountId: who.accountId,
    userId: who.userId,
    username: who.username,
    module: entry.module,
    type: entry.type,
    description: entry.description,
    ip: who.ip,
  });
}
