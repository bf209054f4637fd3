import { and, desc, eq } from 'drizzle-orm';
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

export const insertCommand = (db: Db, values: typeof deviceCommands.$inferInsert) =>
  db.insert(deviceCommands).values(values);

/** A command the broker would not take: it never reached the device. */
export const failCommand = (db: Db, id: string, message: string) =>
  db
    .update(deviceCommands)
    .set({ status: 'failed', ackMessage: message })
    .where(and(eq(deviceCommands.id, id), eq(deviceCommands.status, 'sent')));
