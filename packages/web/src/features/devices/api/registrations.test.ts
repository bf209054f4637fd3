import { deviceRegistrationsApi, type ApiRoute } from '@herald/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// the HTTP client needs a browser; what matters here is which routes the page's hooks call
const calls: { route: ApiRoute; input?: unknown }[] = [];
vi.mock('../../../lib/api-client', () => ({
  call: async (route: ApiRoute, input?: unknown) => (calls.push({ route, input }), {}),
}));

const { listRegistrations, registrationQuery, updateRegistration } = await import('./registrations');

describe('device registrations API', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('reads the registrations routes, never the physical device list', async () => {
    await listRegistrations({ page: 1, pageSize: 10, appId: 3 });
    const q = registrationQuery(7);
    await q.queryFn();
    expect(calls.map((c) => c.route)).toEqual([deviceRegistrationsApi.list, deviceRegistrationsApi.get]);
    expect(calls[0]!.input).toEqual({ query: { page: 1, pageSize: 10, appId: 3 } });
    expect(calls[1]!.input).toEqual({ params: { id: 7 } });
    for (const c of calls) expect(JSON.stringify(c.route.access)).not.toContain('herald.device.physical.list');
  });

  it('keys the detail query by id and waits for a valid one', () => {
    expect(registrationQuery(7).queryKey).toEqual(['device-registrations', 7]);
    expect(registrationQuery(0).enabled).toBe(false);
  });

  it('saves edits through the registrations route', async () => {
    await updateRegistration(7, { name: 'Kitchen' });
    expect(calls).toEqual([
      { route: deviceRegistrationsApi.update, input: { params: { id: 7 }, body: { name: 'Kitchen' } } },
    ]);
  });
});
