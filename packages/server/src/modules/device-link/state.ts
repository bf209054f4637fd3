import type { Position } from '@herald/contract';
import type { Db } from '../../db/client';
import { Batcher, SAME_MOMENT, batchInRounds } from '../../lib/batcher';
import {
  findDevicesForAuth,
  mergeTelemetries,
  openConnections,
  setFirmwares,
  type ConnectionOpen,
  type DeviceAuthRow,
  type TelemetryMerge,
} from './repo';

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
  /**
   * connections opened (a history row, the device's presence), many devices in one statement:
   * a fleet reconnecting at once opens thousands within seconds; each caller gets its own row's id
   */
  connectionOpens: Batcher<ConnectionOpen, number>;
  /**
   * reported state (telemetry, events) merged into the devices' rows, many devices in one
   * statement; each caller is answered once its own row is written (still in its device's turn)
   */
  telemetryWrites: Batcher<TelemetryMerge, boolean | undefined>;
  /** the firmware versions devices report as they come online, many devices in one statement */
  firmwareWrites: Batcher<{ deviceId: number; firmware: string }, void>;
};

export const newDeviceLinkState = (db: Db): DeviceLinkState => ({
  stateTurns: new Map(),
  alertTurns: new Map(),
  positionTurns: new Map(),
  waitingPositions: new Map(),
  presenceAskedAt: new Map(),
  // SAME_MOMENT: at most 2 ms of waiting, and none when connects are rare (Batcher's quiet rule)
  authReads: new Batcher((sns) => findDevicesForAuth(db, sns), SAME_MOMENT),
  // a device connecting twice in one batch (a takeover) opens its second connection after the first
  connectionOpens: batchInRounds<ConnectionOpen, number>(
    (o) => o.deviceId,
    (round) => openConnections(db, round),
  ),
  telemetryWrites: batchInRounds<TelemetryMerge, boolean | undefined>(
    (m) => m.deviceId,
    (round) => mergeTelemetries(db, round),
  ),
  firmwareWrites: batchInRounds<{ deviceId: number; firmware: string }, void>(
    (i) => i.deviceId,
    async (round) => (await setFirmwares(db, round), round.map(() => undefined)),
  ),
});
