import { describe, expect, it, vi } from 'vitest';

// the HTTP client needs a browser; what matters here is which endpoint the picker calls
const calls: { url: string; params?: unknown }[] = [];
vi.mock('../../../lib/http', () => ({
  get: async (url: string, params?: unknown) => (calls.push({ url, params }), []),
}));
const { deviceOptionsQuery } = await import('./device-options');

describe('the fence device options', () => {
  it("come from the fences' own endpoint, which needs no device-list permission", async () => {
    await deviceOptionsQuery('PR-00').queryFn();
    expect(calls).toEqual([{ url: '/v1/geo-fences/device-options', params: { keyword: 'PR-00' } }]);
  });
});
