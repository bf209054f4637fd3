import { beforeEach, describe, expect, it, vi } from 'vitest';

// the HTTP client needs a browser; what matters here is which endpoint the page's hooks call
const calls: { method: string; url: string; arg?: unknown }[] = [];
vi.mock('../../../lib/http', () => ({
  get: async (url: string, params?: unknown) => (calls.push({ method: 'GET', url, arg: params }), {}),
  put: async (url: string, body?: unknown) => (calls.push({ method: 'PUT', url, arg: body }), {}),
}));

const { listRegistrations, registrationQuery, updateRegistration } = await import('./registrations');

describe('device registrations API', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('reads the registrations endpoints, never the physical device list', async () => {
    await listRegistrations({ page: 1, pageSize: 10, appId: 3 });
    const q = registrationQuery(7);
    await q.queryFn();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /v1/device-registrations',
      'GET /v1/device-registrations/7',
    ]);
    expect(calls[0]!.arg).toEqual({ page: 1, pageSize: 10, appId: 3 });
    expect(calls.some((c) => c.url.startsWith('/v1/devices'))).toBe(false);
  });

  it('keys the detail query by id and waits for a valid one', () => {
    expect(registrationQuery(7).queryKey).toEqual(['device-registrations', 7]);
    expect(registrationQuery(0).enabled).toBe(false);
  });

  it('saves edits through the registrations endpoint', async () => {
    await updateRegistration(7, { name: 'Kitchen' });
    expect(calls).toEqual([{ method: 'PUT', url: '/v1/device-registrations/7', arg: { name: 'Kitchen' } }]);
  });
});
