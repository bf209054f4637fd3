import { expectOk, type Client } from './harness';
import { crc32 } from '../src/lib/image';
import { uniq } from './people';

/** Helpers for the fleet tests (models, groups, devices, applications, manufacturers). */

/** A real 1×1 PNG. */
export const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const PNG_DATA_URL = `data:image/png;base64,${PNG_1X1}`;
/** That PNG with a header claiming another size, its checksum made right (what a hostile upload would do). */
export function pngClaiming(width: number, height: number): Buffer {
  const b = Buffer.from(PNG_1X1, 'base64');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b.writeUInt32BE(crc32(b.subarray(12, 29)), 29);
  return b;
}

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
