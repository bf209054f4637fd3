import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deviceCommands } from '../../db/schema';

export type CommandRow = typeof deviceCommands.$inferSelect;

export const recentCommands = (db: Db, deviceId: number, limit = 20) =>
  db
    .select()
    .from(deviceCommands)
    .where(eq(deviceCommands.deviceId, deviceId))
    .orderBy(desc(deviceCommands.sentAt))
    .limit(limit);

export const findCommand = async (db: Db, deviceId: number, commandId: string) =>
  (
    await db
      .select()
      .from(deviceCommands)
      .where(and(eq(deviceCommands.deviceId, deviceId), eq(deviceCommands.id, commandId)))
      .limit(1)
  )[0];

/** A batch's commands in one statement (at most 500 rows: a batch's limit). */
export const insertCommands = (db: Db, rows: (typeof deviceCommands.$inferInsert)[]) =>
  db.insert(deviceCommands).values(rows);

/** The commands of a batch the broker would not take. */
export const failCommands = (db: Db, ids: string[], message: string) =>
  db
    .update(deviceCommands)
    .set({ status: 'failed', ackMessage: message })
    .where(and(inArray(deviceCommands.id, ids), eq(deviceCommands.status, 'sent')));
