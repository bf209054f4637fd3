import type { Db } from '../../db/client';
import { batchInRounds } from '../../lib/batcher';
import { storeResources } from './repo';

/** A device's reported pack versions, waiting to be stored with those of the same moment. */
export type ResourceWrite = { deviceId: number; resources: Record<string, string> };

/**
 * The pack versions devices report with their presence and telemetry, many devices in one
 * statement (Deps.resourceWrites): every device of a fleet reconnecting at once reports them
 * twice. Each caller is answered once its own device's row is written; a device named twice in
 * one batch is written twice, in order (inRounds). At most 2 ms of waiting, none when reports are
 * rare (the Batcher's quiet rule).
 */
export const newResourceWrites = (db: Db) =>
  batchInRounds<ResourceWrite, void>(
    (i) => i.deviceId,
    async (round) => (await storeResources(db, round), round.map(() => undefined)),
  );

export type ResourceWrites = ReturnType<typeof newResourceWrites>;
