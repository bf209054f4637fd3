import {
  formatMessage,
  translate,
  type LogMessageKey,
  type MessageParams,
  type OperModule,
  type OperType,
} from '@herald/contract';
import type { Db } from '../../db/client';
import { operLogs } from '../../db/schema';
import type { AuthContext } from '../../lib/context';

/** A `log.*` message and the values for its placeholders (names, S/Ns, ids: stored as given). */
export type LogDescription = { key: LogMessageKey; params?: MessageParams };

export type AuditEntry = {
  module: OperModule;
  type: OperType;
  /** a key, shown in the reader's language; plain text is shown as it is in every language */
  description: string | LogDescription;
};

/**
 * Record a change in the operation log. Call it inside the same transaction as the change, so
 * a failed change leaves no log line and a logged change really happened. A keyed description is
 * stored with its values and its English rendering (searched, and shown if the key ever goes).
 * `who.userId` is null for someone who is nobody here (a refused sign-in under an unknown name).
 */
export async function audit(
  db: Db,
  who: Pick<AuthContext, 'username' | 'accountId' | 'ip'> & { userId: number | null },
  entry: AuditEntry,
): Promise<void> {
  const d = entry.description;
  const keyed = typeof d === 'string' ? null : { key: d.key, params: d.params ?? {} };
  if (keyed) {
    const missing = [...translate(keyed.key, 'en_US').matchAll(/\{\{(\w+)\}\}/g)]
      .map((m) => m[1]!)
      .filter((name) => !Object.prototype.hasOwnProperty.call(keyed.params, name));
    if (missing.length) throw new Error(`audit ${keyed.key}: no value for ${missing.join(', ')}`);
  }
  await db.insert(operLogs).values({
    accountId: who.accountId,
    userId: who.userId,
    username: who.username,
    module: entry.module,
    type: entry.type,
    description: keyed ? formatMessage(keyed.key, 'en_US', keyed.params) : (d as string),
    descriptionKey: keyed?.key ?? null,
    descriptionParams: keyed?.params ?? null,
    ip: who.ip,
  });
}
