import { expectOk, type Client } from './harness';
import { uniq } from './people';

/** Helpers for the fleet tests (models, groups, devices, applications, manufacturers). */

/** A real 1×1 PNG. */
export const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const PNG_DATA_URL = `data:image/png;base64,${PNG_1X1}`;

export async function createModel(op: Client, body: Record<string, unknown> = {}) {
  return expectOk(
    await op.post('/v1/models', {
      name: `Model ${uniq()}`,
      code: `M${uniq()}`,
      type: 'printer',
      image: PNG_DATA_URL,
      ...body,
    }),
  );
}

export const newSn = () => `SN${uniq()}`.slice(0, 32);

export async function createDevice(client: Client, modelId: number, body: Record<string, unknown> = {}) {
  return expectOk(await client.post('/v1/devices', { sn: newSn(), modelId, ...body }));
}
