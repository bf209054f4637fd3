import type { Position } from '@herald/contract';
import type { Db } from '../../db/client';
import { Batcher } from '../../lib/batcher';
import { findDevicesForAuth, type DeviceAuthRow } from './repo';

/** A device's position waiting for its turn to go to its track and fences (service.ts). */
export type Placed = {
  device: { id: number; sn: string; accountId: number };
  position: Omit<Position, 'locatedAt'>;
  at: Date;
};

/** What one server keeps in memory about its devices' messages (Deps.deviceLink). */
export type DeviceLinkState = {
  /** each device's state messages, stored one after the other (inTurn, by device id) */
  stateTurns: Map<number, Promise<unknown>>;
  /**
   * each device's reported states, turned into alerts one after the other (inTurn, by device id):
   * two reports with the same time (a cleared fault and a new one, sent in one millisecond) are
   * taken in the order they arrived, not in the order their transactions got the row
   */
  alertTurns: Map<number, Promise<unknown>>;
  /** each device's positions, handled one after the other (inTurn, by device id) */
  positionTurns: Map<number, Promise<unknown>>;
  /** the position of each device waiting for its turn: at most one, a newer one replaces it */
  waitingPositions: Map<number, Placed>;
  /** when each device was last asked on its own to announce itself (presence-check.ts), by S/N */
  presenceAskedAt: Map<string, number>;
  /**
   * Devices' credentials and status read for their connects, many in one statement: after a
   * restart or a broker failover the whole fleet connects within seconds, and each connect reads
   * its device twice (to let it in, then to check a disable that raced it).
   */
  authReads: Batcher<string, DeviceAuthRow | undefined>;
};

export const newDeviceLinkState = (db: Db): DeviceLinkState => ({
  stateTurns: new Map(),
  alertTurns: new Map(),
  positionTurns: new Map(),
  waitingPositions: new Map(),
  presenceAskedAt: new Map(),
  // at most 2 ms of waiting, and none when connects are rare (Batcher's quiet rule)
  authReads: new Batcher((sns) => findDevicesForAuth(db, sns), { maxItems: 500, maxWaitMs: 2 }),
});
