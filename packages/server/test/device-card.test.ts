import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QR_PASSWORD_TRIES, QR_PASSWORD_TRIES_PER_DEVICE } from '@herald/contract';
import { seedAccount } from './fixtures';
import { adminClient, Client, expectError, expectOk, startPeer, startServer } from './harness';
import { createDevice, createModel, newSn } from './fleet';

/** The public card behind a device's QR code: no sign-in, same answer for unknown and hidden, password tries limited. */
let server: Awaited<ReturnType<typeof startServer>>;
let A: Awaited<ReturnType<typeof seedAccount>>;
let model: Awaited<ReturnType<typeof createModel>>;
let visitor: Client;
let op: Client;

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  model = await createModel(op, { type: 'speaker' });
  visitor = new Client(server);
});
afterAll(async () => {
  await server?.close();
});

const card = (sn: string, password?: string, headers: Record<string, string> = {}, client = visitor) =>
  client.call('POST', '/v1/public/device-card', { sn, ...(password === undefined ? {} : { password }) }, headers);
const setQr = async (id: number, body: { enabled: boolean; password?: string }) =>
  expectOk(await A.client.post(`/v1/devices/${id}/qr`, body));

describe('public device card', () => {
  it('answers "not available" alike for an unknown S/N, a device whose QR code is off, and an impossible S/N', async () => {
    const d = await createDevice(A.client, model.id, { name: 'Front till' });
    for (const sn of [newSn(), d.sn, 'no such/sn', '%00']) {
      const res = await card(sn);
      expectError(res, 40004, 'This device is not available');
      expect(res.status).toBe(404);
    }
    expectError(await card(d.sn, undefined, {}, visitor.withLang('zh_CN')), 40004, '该设备不可用');
    expectError(await card('x'.repeat(65)), 40010);
  });

  it('shows the card once the QR code is on: the device and its model, nothing of the account or secrets', async () => {
    const d = await createDevice(A.client, model.id, { name: 'Front till' });
    await setQr(d.id, { enabled: true });
    const res = expectOk(await card(d.sn));
    expect(res.locked).toBe(false);
    expect(res.card).toEqual({
      sn: d.sn,
      name: 'Front till',
      modelName: model.name,
      modelType: 'speaker',
      imageUrl: expect.stringMatching(new RegExp(`^/v1/models/${model.id}/image\\?v=\\d+$`)),
      online: false,
      since: null,
      disabled: false,
      paused: false,
      firmwareVersion: null,
      brand: null,
    });
    // the product photo it names is public too
    const img = await server.app.inject({ method: 'GET', url: res.card.imageUrl });
    expect(img.statusCode).toBe(200);
    // its account disabled, every service of it is unavailable, the card too; enabled again, it is back
    expectOk(await op.post(`/v1/accounts/${A.accountId}/status`, { status: 0 }));
    expectError(await card(d.sn), 40004, 'This device is not available');
    expectOk(await op.post(`/v1/accounts/${A.accountId}/status`, { status: 1 }));
    expect(expectOk(await card(d.sn)).card.sn).toBe(d.sn);
    // turned off again, it is gone
    await setQr(d.id, { enabled: false });
    expectError(await card(d.sn), 40004);
  });

  it('with a QR password: locked until the right one is given; wrong ones are refused and limited per address', async () => {
    const d = await createDevice(A.client, model.id);
    await setQr(d.id, { enabled: true, password: 'shop42' });
    expect(expectOk(await card(d.sn))).toEqual({ locked: true });
    expect(expectOk(await card(d.sn, ''))).toEqual({ locked: true });
    expect(expectOk(await card(d.sn, 'shop42')).card.sn).toBe(d.sn);

    const mallory = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < QR_PASSWORD_TRIES; i++) {
      const res = await card(d.sn, `guess${i}`, mallory);
      expectError(res, 40011, 'Incorrect QR code password');
      expect(res.status).toBe(400);
    }
    expectError(await card(d.sn, 'shop42', mallory, visitor.withLang('zh_CN')), 40029, '失败次数过多，请稍后再试');
    // others are not locked out by one address's guessing
    expect(expectOk(await card(d.sn, 'shop42', { 'x-forwarded-for': '198.51.100.9' })).locked).toBe(false);
    expectError(await card(d.sn, 'nope', { 'x-forwarded-for': '198.51.100.9' }), 40011, 'Incorrect QR code password');
  });

  it("a refusal says when to come back (Retry-After) and is written to the account's operation log", async () => {
    const d = await createDevice(A.client, model.id);
    await setQr(d.id, { enabled: true, password: 'shop42' });
    const from = { 'x-forwarded-for': '203.0.113.41' };
    for (let i = 0; i < QR_PASSWORD_TRIES; i++) expectError(await card(d.sn, `guess${i}`, from), 40011);
    const res = await server.app.inject({
      method: 'POST',
      url: '/v1/public/device-card?lang=en_US',
      headers: from,
      payload: { sn: d.sn, password: 'shop42' },
    });
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      429,
      40029,
      'Too many failed attempts, please try again later',
    ]);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    const log = expectOk(await A.client.get('/v1/oper-logs?module=device&type=qrSwitch&pageSize=100'));
    expect(log.list.map((l: { description: string; ip: string }) => [l.description, l.ip])).toContainEqual([
      expect.stringMatching(new RegExp(`^QR code password of device ${d.sn} from 203.0.113.41 refused`)),
      '203.0.113.41',
    ]);
  });

  it('guesses sent all at once get no more tries than one after the other', async () => {
    const d = await createDevice(A.client, model.id);
    await setQr(d.id, { enabled: true, password: 'shop42' });
    const from = { 'x-forwarded-for': '203.0.113.42' };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => card(d.sn, `burst${i}`, from)));
    const codes = answers.map((r) => r.body.code).sort();
    expect(codes).toEqual([...Array(QR_PASSWORD_TRIES).fill(40011), ...Array(20 - QR_PASSWORD_TRIES).fill(40029)]);
  });

  it('a client that talks to Herald directly cannot pick its address with X-Forwarded-For (only loopback proxies are believed)', async () => {
    const d = await createDevice(A.client, model.id);
    await setQr(d.id, { enabled: true, password: 'shop42' });
    const direct = (password: string, forwardedFor: string) =>
      server.app.inject({
        method: 'POST',
        url: '/v1/public/device-card?lang=en_US',
        remoteAddress: '192.0.2.80',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { sn: d.sn, password },
      });
    for (let i = 0; i < QR_PASSWORD_TRIES; i++) expect((await direct(`guess${i}`, `10.9.0.${i}`)).statusCode).toBe(400);
    const res = await direct('shop42', '10.9.0.200');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(40029);
  });

  it('wrong passwords from many addresses together lock the card for a while, for everyone', async () => {
    const d = await createDevice(A.client, model.id);
    await setQr(d.id, { enabled: true, password: 'shop42' });
    for (let i = 0; i < QR_PASSWORD_TRIES_PER_DEVICE; i++) {
      expectError(await card(d.sn, `guess${i}`, { 'x-forwarded-for': `10.8.${i >> 8}.${i & 255}` }), 40011);
    }
    expectError(await card(d.sn, 'shop42', { 'x-forwarded-for': '10.7.0.1' }), 40029);
  });

  it('counts wrong passwords across servers: guesses spread over two servers get no more tries', async () => {
    const peer = await startPeer(server);
    try {
      const d = await createDevice(A.client, model.id);
      await setQr(d.id, { enabled: true, password: 'shop42' });
      const mallory = { 'x-forwarded-for': '203.0.113.77' };
      const servers = [visitor, new Client(peer)];
      for (let i = 0; i < QR_PASSWORD_TRIES; i++)
        expectError(await card(d.sn, `g${i}`, mallory, servers[i % 2]), 40011);
      expectError(await card(d.sn, 'shop42', mallory, servers[0]), 40029);
      expectError(await card(d.sn, 'shop42', mallory, servers[1]), 40029);
    } finally {
      await peer.close();
    }
  });

  it('a deleted device has no card, even with its QR code on', async () => {
    const d = await createDevice(A.client, model.id);
    await setQr(d.id, { enabled: true });
    expectOk(await card(d.sn));
    expectOk(await A.client.post('/v1/devices/delete', { ids: [d.id] }));
    expectError(await card(d.sn), 40004, 'This device is not available');
  });
});
