import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QR_LOGO_MAX_BYTES } from '@herald/contract';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { createDevice, createModel, PNG_1X1, PNG_DATA_URL, pngClaiming } from './fleet';
import { auditLines } from './people';

/**
 * The custom device QR code (value-added): the platform turns it on per account; the account
 * sets a product name and a PNG logo, which its devices, their QR code page and the public card
 * behind a scanned code then carry. Nothing of it shows for other accounts or while it is off.
 */
let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
let model: Awaited<ReturnType<typeof createModel>>;

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
  model = await createModel(op);
});
afterAll(async () => {
  await server?.close();
});

const png = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;
const service = (accountId: number, enabled: boolean) =>
  op.post(`/v1/accounts/${accountId}/qr-brand-service`, { enabled });
const card = (sn: string) => new Client(server).post('/v1/public/device-card', { sn });
const fetchLogo = (url: string) => server.app.inject({ method: 'GET', url });

describe('custom device QR code', () => {
  it('is off until the platform turns it on: the account can read but not write it, devices carry no brand', async () => {
    expect(expectOk(await A.client.get('/v1/qr-brand'))).toEqual({
      enabled: false,
      productName: null,
      logoUrl: null,
      updatedAt: null,
    });
    expectError(
      await A.client.put('/v1/qr-brand', { productName: 'Acme' }),
      40003,
      'Not enabled yet, contact platform',
    );
    expectError(
      await A.client.withLang('zh_CN').put('/v1/qr-brand', { productName: 'Acme' }),
      40003,
      '尚未开通，请联系平台',
    );
    const d = await createDevice(A.client, model.id);
    expect(expectOk(await A.client.get(`/v1/devices/${d.id}`)).brand).toBeNull();
    const account = expectOk(await op.get(`/v1/accounts/${A.accountId}`));
    expect(account.qrBrandEnabled).toBe(false);
  });

  it('only operators with account edit turn it on; the account user cannot, and the change is logged', async () => {
    expectError(await A.client.post(`/v1/accounts/${A.accountId}/qr-brand-service`, { enabled: true }), 40003);
    const viewer = await seedRoleUser(server, { side: 'op', permissions: ['herald.op.account.query'] });
    expectError(await viewer.client.post(`/v1/accounts/${A.accountId}/qr-brand-service`, { enabled: true }), 40003);
    expectError(await service(A.accountId, 'yes' as unknown as boolean), 40010);
    expect(expectOk(await service(A.accountId, true)).qrBrandEnabled).toBe(true);
    // again: nothing changes, nothing is logged twice
    expect(expectOk(await service(A.accountId, true)).qrBrandEnabled).toBe(true);
    const logged = await auditLines(server, 'account', 'edit', `custom QR code service of account`);
    expect(logged.filter((l) => l.description.includes(`(id ${A.accountId})`)).map((l) => l.description)).toEqual([
      expect.stringMatching(/^Enabled the custom QR code service of account/),
    ]);
    expect(expectOk(await A.client.get('/v1/qr-brand')).enabled).toBe(true);
    expect(expectOk(await op.get(`/v1/accounts/${B.accountId}`)).qrBrandEnabled).toBe(false);
  });

  it('refuses a bad product name or logo in both languages and keeps what was there', async () => {
    expectOk(await service(A.accountId, true));
    const before = expectOk(await A.client.put('/v1/qr-brand', { productName: 'Acme Pay' }));
    const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const tooBig = Buffer.concat([Buffer.from(PNG_1X1, 'base64'), Buffer.alloc(QR_LOGO_MAX_BYTES)]);
    const cases: [unknown, string, string][] = [
      [{ logo: png(jpg) }, 'The logo must be a PNG image', 'Logo 仅支持 PNG 格式的图片'],
      [{ logo: 'data:image/png;base64,@@@' }, 'The logo must be a PNG image', 'Logo 仅支持 PNG 格式的图片'],
      [{ logo: png(Buffer.from('89504e47', 'hex')) }, 'The logo must be a PNG image', 'Logo 仅支持 PNG 格式的图片'],
      [{ logo: png(tooBig) }, 'The logo cannot be larger than 20KB', 'Logo 大小不能超过 20KB'],
      [
        { logo: png(pngClaiming(4000, 4000)) },
        'The logo cannot be wider or taller than 1024 pixels',
        'Logo 的宽度和高度不能超过 1024 像素',
      ],
      [{ logo: png(pngClaiming(0, 10)) }, 'The logo must be a PNG image', 'Logo 仅支持 PNG 格式的图片'],
      // cut short, or a chunk whose checksum is wrong: no browser could draw it
      [
        { logo: png(Buffer.from(PNG_1X1, 'base64').subarray(0, 50)) },
        'The logo must be a PNG image',
        'Logo 仅支持 PNG 格式的图片',
      ],
      [
        {
          logo: png(
            Buffer.concat([pngClaiming(1, 1).subarray(0, 30), Buffer.from([0]), pngClaiming(1, 1).subarray(31)]),
          ),
        },
        'The logo must be a PNG image',
        'Logo 仅支持 PNG 格式的图片',
      ],
    ];
    for (const [body, en, zh] of cases) {
      const res = await A.client.put('/v1/qr-brand', { productName: 'Changed', ...(body as object) });
      expectError(res, 40010, en);
      expect(res.status).toBe(400);
      expectError(await A.client.withLang('zh_CN').put('/v1/qr-brand', body), 40010, zh);
    }
    // schema checks: a name too long, nothing to change, a logo of the wrong type
    expectError(await A.client.put('/v1/qr-brand', { productName: 'x'.repeat(33) }), 40010);
    expectError(await A.client.put('/v1/qr-brand', {}), 40010);
    expectError(await A.client.put('/v1/qr-brand', { logo: 42 }), 40010);
    expectError(await A.client.put('/v1/qr-brand', { logo: 'x'.repeat(40_000) }), 40010);
    expect(expectOk(await A.client.get('/v1/qr-brand'))).toEqual(before);
  });

  it("sets the name and logo; the account's devices, their card and the logo's public URL show them", async () => {
    expectOk(await service(A.accountId, true));
    const brand = expectOk(await A.client.put('/v1/qr-brand', { productName: '  Acme Pay  ', logo: PNG_DATA_URL }));
    expect(brand).toMatchObject({ enabled: true, productName: 'Acme Pay' });
    expect(brand.logoUrl).toMatch(/^\/v1\/public\/qr-logos\/[A-Za-z0-9_-]{24}$/);

    const img = await fetchLogo(brand.logoUrl);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toContain('immutable');
    expect(img.rawPayload.equals(Buffer.from(PNG_1X1, 'base64'))).toBe(true);

    const d = await createDevice(A.client, model.id);
    const want = { productName: 'Acme Pay', logoUrl: brand.logoUrl };
    expect(expectOk(await A.client.get(`/v1/devices/${d.id}`)).brand).toEqual(want);
    const listed = expectOk(await A.client.get(`/v1/devices?sn=${d.sn}`));
    expect(listed.list[0].brand).toEqual(want);
    // the operator sees the account's brand on its devices too
    expect(expectOk(await op.get(`/v1/devices/${d.id}`)).brand).toEqual(want);
    expectOk(await A.client.post(`/v1/devices/${d.id}/qr`, { enabled: true }));
    expect(expectOk(await card(d.sn)).card.brand).toEqual(want);

    // B sees its own (empty) brand, and B's devices carry none
    expect(expectOk(await B.client.get('/v1/qr-brand')).productName).toBeNull();
    const other = await createDevice(B.client, model.id);
    expect(expectOk(await B.client.get(`/v1/devices/${other.id}`)).brand).toBeNull();

    // a new logo gets a new URL and the old one is gone; null removes it, '' the name
    const next = expectOk(await A.client.put('/v1/qr-brand', { logo: PNG_DATA_URL }));
    expect(next.logoUrl).not.toBe(brand.logoUrl);
    expect(next.productName).toBe('Acme Pay');
    expect((await fetchLogo(brand.logoUrl)).statusCode).toBe(404);
    expect((await fetchLogo(next.logoUrl)).statusCode).toBe(200);
    const cleared = expectOk(await A.client.put('/v1/qr-brand', { productName: '', logo: null }));
    expect(cleared).toMatchObject({ productName: null, logoUrl: null });
    const miss = await fetchLogo(next.logoUrl);
    expect(miss.statusCode).toBe(404);
    // a miss is not kept: the same key answers again once its account's service is back on
    expect(miss.headers['cache-control'] ?? '').not.toContain('immutable');
    expect(expectOk(await A.client.get(`/v1/devices/${d.id}`)).brand).toEqual({ productName: null, logoUrl: null });

    // each change is logged in the reader's language; saving what is already there changes and logs nothing
    const named = expectOk(await A.client.put('/v1/qr-brand', { productName: 'Acme Two' }));
    expect(expectOk(await A.client.put('/v1/qr-brand', { productName: 'Acme Two', logo: null }))).toEqual(named);
    const logged = await auditLines(server, 'device', 'edit', 'Custom QR code');
    const mine = logged.filter((l) => l.accountId === A.accountId).map((l) => l.description);
    expect(mine.filter((d) => d.includes('"Acme Two"'))).toEqual(['Custom QR code product name set to "Acme Two"']);
    expect(mine).toContain('Custom QR code logo removed');
    const zh = expectOk(await A.client.withLang('zh_CN').get('/v1/oper-logs?module=device&type=edit&pageSize=100'));
    expect(zh.list.map((l: { description: string }) => l.description)).toContain(
      '自定义二维码的产品名称改为“Acme Two”',
    );
    // malformed keys are refused by the schema, never looked up
    expect((await fetchLogo('/v1/public/qr-logos/..%2F..%2Fetc')).statusCode).toBe(400);
  });

  it('turned off, the brand disappears everywhere but is kept; turned on again, it is back', async () => {
    expectOk(await service(A.accountId, true));
    const brand = expectOk(await A.client.put('/v1/qr-brand', { productName: 'Kept', logo: PNG_DATA_URL }));
    const d = await createDevice(A.client, model.id);
    expectOk(await A.client.post(`/v1/devices/${d.id}/qr`, { enabled: true }));

    expect(expectOk(await service(A.accountId, false)).qrBrandEnabled).toBe(false);
    expect(expectOk(await A.client.get(`/v1/devices/${d.id}`)).brand).toBeNull();
    expect(expectOk(await card(d.sn)).card.brand).toBeNull();
    expect((await fetchLogo(brand.logoUrl)).statusCode).toBe(404);
    expect(expectOk(await A.client.get('/v1/qr-brand'))).toMatchObject({ enabled: false, productName: 'Kept' });
    expectError(await A.client.put('/v1/qr-brand', { productName: 'Sneaky' }), 40003);

    expectOk(await service(A.accountId, true));
    // a disabled account's logo is not served either, nor named on its devices the operator still sees
    expectOk(await op.post(`/v1/accounts/${A.accountId}/status`, { status: 0 }));
    expect((await fetchLogo(brand.logoUrl)).statusCode).toBe(404);
    expect(expectOk(await op.get(`/v1/devices/${d.id}`)).brand).toBeNull();
    expectOk(await op.post(`/v1/accounts/${A.accountId}/status`, { status: 1 }));
    A.client = await new Client(server).login(A.username, 'Shop@12345');
    expect(expectOk(await A.client.get(`/v1/devices/${d.id}`)).brand).toEqual({
      productName: 'Kept',
      logoUrl: brand.logoUrl,
    });
    expect((await fetchLogo(brand.logoUrl)).statusCode).toBe(200);
  });

  it('needs the QR code page: its query permission to read, its edit permission to write; operators use neither', async () => {
    expectOk(await service(A.accountId, true));
    const reader = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.device.qrcode', 'herald.device.qrcode.query'],
    });
    expect(expectOk(await reader.client.get('/v1/qr-brand')).enabled).toBe(true);
    expectError(await reader.client.put('/v1/qr-brand', { productName: 'Nope' }), 40003);
    const nobody = await seedRoleUser(server, { side: 'ac', accountId: A.accountId, permissions: [] });
    expectError(await nobody.client.get('/v1/qr-brand'), 40003);
    expectError(await op.get('/v1/qr-brand'), 40003);
    expectError(await op.put('/v1/qr-brand', { productName: 'Nope' }), 40003);
    expect(expectOk(await A.client.get('/v1/qr-brand')).productName).not.toBe('Nope');
  });
});
