import type mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_STREAMS_PER_USER, PROTOCOL_VERSION, ResultCode, permissionsForSide, topics } from '@herald/contract';
import type { Server } from '../src/app';
import { feed } from '../src/modules/live/feed';
import { raiseJob } from '../src/modules/live/raise';
import { connectAs, seedDevice, seedModel } from './devices-fixture';
import { activateFromMail, seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectOk, startPeer, startServer, type TestServer } from './harness';
import { createRole, createUser } from './people';
import { LiveStream, type Received } from './live-stream';

/**
 * The live console feed (GET /v1/live) over real HTTP, with two server processes on one database:
 * what happens on one reaches a console streaming from the other, scoped by account and permission.
 */

let server: TestServer;
let peer: Server;
/** the HTTP bases of the two servers */
let first: string;
let second: string;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
/** a user of account A who may read print records but not the device list */
let noDevices: Awaited<ReturnType<typeof seedRoleUser>>;
let printerA: { id: number; sn: string; secret: string | null };
let speakerA: { id: number; sn: string; secret: string | null };
let printerB: { id: number; sn: string; secret: string | null };
const open: LiveStream[] = [];
const clients: mqtt.MqttClient[] = [];

const listen = async (s: Server) => s.app.listen({ port: 0, host: '127.0.0.1' });
const stream = async (base: string, c: Client, headers: Record<string, string> = {}) => {
  const s = await LiveStream.open(base, c.token!, headers);
  open.push(s);
  return s;
};
const about = (deviceId: number) => (e: Received) => e.data.deviceId === deviceId;

beforeAll(async () => {
  server = await startServer();
  peer = await startPeer(server);
  first = await listen(server);
  second = await listen(peer);
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
  noDevices = await seedRoleUser(server, {
    side: 'ac',
    accountId: A.accountId,
    permissions: ['herald.stat.print.rec', 'herald.stat.print.rec.query'],
  });
  const printer = await seedModel(server);
  const speaker = await seedModel(server, { type: 'speaker' });
  printerA = await seedDevice(server, A.accountId, printer.id);
  speakerA = await seedDevice(server, A.accountId, speaker.id);
  printerB = await seedDevice(server, B.accountId, printer.id);
});

afterAll(async () => {
  for (const s of open) s.close();
  for (const c of clients) c.end(true);
  await peer?.close();
  // Node's fetch can leave an aborted stream's socket open here, which close() would wait for
  // (a browser closes it); the server's own part is checked by the drain test above
  server?.app.server.closeAllConnections();
  await Promise.race([server?.close(), new Promise((r) => setTimeout(r, 10_000).unref())]);
});

async function connect(on: Server, d: { sn: string; secret: string | null }) {
  const { code, client } = await connectAs(on.deps.gateway.endpoints().mqtt!, d.sn, d.secret!);
  expect(code).toBe(0);
  clients.push(client!);
  return client!;
}

describe('GET /v1/live', () => {
  it('describes the stream to a client that does not ask for one, and needs a token', async () => {
    const described = expectOk(await A.client.get('/v1/live'));
    expect(described).toMatchObject({ stream: 'text/event-stream', coalesceMs: 300 });
    expect(described.events).toEqual(expect.arrayContaining(['presence', 'job', 'ota', 'pushTask', 'unread']));
    const res = await fetch(`${first}/v1/live`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(401);
  });

  it("carries a device's presence from the server it connects to to a console on the other, to its own account only", async () => {
    const a = await stream(second, A.client);
    const b = await stream(second, B.client);
    const operator = await stream(second, op);
    const withoutDevices = await stream(first, noDevices.client);
    expect(a.status).toBe(200);

    const device = await connect(server, printerA);
    const online = await a.next((e) => e.event === 'presence' && about(printerA.id)(e));
    expect(online.data).toEqual({ accountId: A.accountId, deviceId: printerA.id, sn: printerA.sn, online: true });
    expect(online.id).toMatch(/^[0-9a-f]+\.\d+$/);
    await operator.next((e) => e.event === 'presence' && about(printerA.id)(e));

    await connect(server, printerB);
    await b.next((e) => e.event === 'presence' && about(printerB.id)(e));

    device.end(true);
    await a.next((e) => e.event === 'presence' && about(printerA.id)(e) && e.data.online === false);
    await operator.next((e) => e.event === 'presence' && about(printerB.id)(e));

    expect(a.events.filter(about(printerB.id))).toEqual([]);
    expect(b.events.filter(about(printerA.id))).toEqual([]);
    expect(withoutDevices.of('presence')).toEqual([]);
    expect(withoutDevices.of('deviceState')).toEqual([]);
  });

  it('sends the fields a telemetry report changed, and a job with its status, by the permission of its records page', async () => {
    const a = await stream(first, A.client);
    const b = await stream(second, B.client);
    const withoutDevices = await stream(second, noDevices.client);
    const device = await connect(server, speakerA);
    const report = { v: PROTOCOL_VERSION, ts: Date.now(), battery: { level: 8, state: 'low' } };
    await device.publishAsync(topics.up(speakerA.sn, 'telemetry'), JSON.stringify(report), { qos: 1 });
    const state = await a.next((e) => e.event === 'deviceState' && about(speakerA.id)(e));
    expect(state.data.changed).toContain('battery');

    const accepted = expectOk(
      await A.client.post('/v1/speak-test/send', { deviceId: speakerA.id, mode: 'text', text: 'live', volume: 50 }),
    );
    const job = await a.next((e) => e.event === 'job' && e.data.id === accepted.jobId);
    expect(job.data).toMatchObject({ accountId: A.accountId, deviceId: speakerA.id, kind: 'speak' });
    // it goes out to the connected speaker: pushed, and the console hears of it
    await a.next((e) => e.event === 'job' && e.data.id === accepted.jobId && Number(e.data.status) >= 1);

    expect(b.events.filter(about(speakerA.id))).toEqual([]);
    // print records only: a broadcast job is not this user's to see
    expect(withoutDevices.of('job')).toEqual([]);
    expect(withoutDevices.of('deviceState')).toEqual([]);
  });

  it('shows an own-data user the events of the devices assigned to them only, as their lists do', async () => {
    // every account permission, data permission "own data only", and the account's printer assigned
    const role = await createRole(A.client, permissionsForSide('ac'));
    const user = await createUser(A.client, { roleIds: [role.id], dataPermission: 'self' });
    await activateFromMail(server, user.email, 'User@12345');
    const own = await new Client(server).login(user.username, 'User@12345');
    expectOk(await A.client.post('/v1/devices/assign-owner', { ids: [printerA.id], userId: user.id }));
    const mine = await stream(second, own);
    const whole = await stream(second, A.client);

    const speaker = await connect(server, speakerA);
    const printer = await connect(server, printerA);
    await mine.next((e) => e.event === 'presence' && about(printerA.id)(e));
    await whole.next((e) => e.event === 'presence' && about(speakerA.id)(e));
    const report = { v: PROTOCOL_VERSION, ts: Date.now(), battery: { level: 7, state: 'low' } };
    await speaker.publishAsync(topics.up(speakerA.sn, 'telemetry'), JSON.stringify(report), { qos: 1 });
    await whole.next((e) => e.event === 'deviceState' && about(speakerA.id)(e));
    speaker.end(true);
    printer.end(true);
    await whole.next((e) => e.event === 'presence' && about(speakerA.id)(e) && e.data.online === false);
    await mine.next((e) => e.event === 'presence' && about(printerA.id)(e) && e.data.online === false);
    expect(mine.events.filter(about(speakerA.id))).toEqual([]);
  });

  it("tells an account's users that they have new messages (a published notice), and no other account's", async () => {
    const a = await stream(second, A.client);
    const b = await stream(second, B.client);
    const notice = expectOk(
      await op.post('/v1/notices', { title: 'Live', content: 'Maintenance tonight', accountIds: [A.accountId] }),
    );
    expectOk(await op.post(`/v1/notices/${notice.id}/publish`));
    await a.next((e) => e.event === 'unread' && e.data.accountId === A.accountId);
    // a moment for anything wrongly addressed to arrive too
    await new Promise((r) => setTimeout(r, 600));
    expect(b.of('unread')).toEqual([]);
  });

  it('sends what was missed to a client reconnecting with Last-Event-ID, or resync from another server', async () => {
    const a = await stream(first, A.client);
    const seen = await a.next((e) => e.event === 'ready');
    a.close();
    raiseJob(server.deps, { id: 991, accountId: A.accountId, deviceId: printerA.id, kind: 'print', status: 3 });
    raiseJob(server.deps, { id: 992, accountId: B.accountId, deviceId: printerB.id, kind: 'print', status: 3 });
    feed(server.deps).flush();
    const again = await stream(first, A.client, { 'last-event-id': seen.id! });
    expect((await again.next((e) => e.event === 'job')).data).toMatchObject({ id: 991, status: 3 });
    expect(again.of('job').map((e) => e.data.id)).toEqual([991]);
    expect(again.of('resync')).toEqual([]);

    const elsewhere = await stream(second, A.client, { 'last-event-id': seen.id! });
    await elsewhere.next((e) => e.event === 'resync');
  });

  it(`coalesces a burst: 1,000 job changes on 20 devices go out as one batch, not 1,000 notifications`, async () => {
    const a = await stream(second, A.client);
    const f = feed(server.deps);
    f.flush();
    const before = f.published;
    const started = process.hrtime.bigint();
    for (let i = 0; i < 1000; i++)
      raiseJob(server.deps, {
        id: 5000 + i,
        accountId: A.accountId,
        deviceId: 10_000 + (i % 20),
        kind: 'print',
        status: 3,
      });
    const raiseNs = Number(process.hrtime.bigint() - started) / 1000;
    f.flush();
    expect(f.published - before).toBe(1);
    // well under a microsecond's worth of work per change would be nice; a few are fine: a map write
    expect(raiseNs / 1000).toBeLessThan(50);
    const last = await a.next((e) => e.event === 'job' && e.data.deviceId === 10_019);
    expect(last.data).toMatchObject({ id: 5999, count: 50 });
    expect(a.of('job').filter((e) => Number(e.data.deviceId) >= 10_000)).toHaveLength(20);
  });

  it(`refuses a user's stream beyond ${LIVE_STREAMS_PER_USER} on one server, and counts closed ones out`, async () => {
    const user = await seedRoleUser(server, { side: 'ac', accountId: B.accountId, permissions: [] });
    const held: LiveStream[] = [];
    for (let i = 0; i < LIVE_STREAMS_PER_USER; i++) held.push(await stream(first, user.client));
    const refused = await stream(first, user.client);
    expect(refused.status).toBe(429);
    expect(refused.events[0]!.data.code).toBe(ResultCode.RATE_LIMITED);
    // the other server counts its own
    expect((await stream(second, user.client)).status).toBe(200);
    held[0]!.close();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await stream(first, user.client)).status;
    }
    expect(status).toBe(200);
  });

  it('ends its streams when the server drains, so consoles reconnect elsewhere', async () => {
    const third = await startPeer(server);
    try {
      const base = await listen(third);
      const a = await stream(base, A.client);
      const drained = third.drain({ delayMs: 0, graceMs: 5_000 });
      await a.closed(3_000);
      await drained;
    } finally {
      await third.close();
    }
  });
});
