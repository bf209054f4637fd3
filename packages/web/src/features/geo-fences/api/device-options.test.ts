import { geoFencesApi, type ApiRoute } from '@herald/contract';
import { describe, expect, it, vi } from 'vitest';

// the HTTP client needs a browser; what matters here is which route the picker calls
const calls: { route: ApiRoute; input?: unknown }[] = [];
vi.mock('../../../lib/api-client', () => ({
  call: async (route: ApiRoute, input?: unknown) => (calls.push({ route, input }), []),
}));
const { deviceOptionsQuery } = await import('./device-options');

describe('the fence device options', () => {
  it("come from the fences' own route, which needs no device-list permission", async () => {
    await deviceOptionsQuery('PR-00').queryFn();
    expect(calls).toEqual([{ route: geoFencesApi.deviceOptions, input: { query: { keyword: 'PR-00' } } }]);
    expect(JSON.stringify(calls[0]!.route.access)).not.toContain('herald.device.physical.list');
  });
});
