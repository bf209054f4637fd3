import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { createModel, PNG_1X1, PNG_DATA_URL } from './fleet';
import { auditLines, expectInvalid, uniq } from './people';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let shop: Awaited<ReturnType<typeof seedAccount>>;

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  shop = await seedAccount(server);
});
afterAll(async () => server?.close());

describe('models', () => {
  it('adds, lists, shows, edits a model and serves its image publicly', async () => {
    const types = expectOk(await op.get('/v1/device-types'));
    expect(types.map((t: { code: string }) => t.code)).toContain('cloud-printer');
    const m = await createModel(op, { deviceTypeId: types[0].id, pn: 'PN-1' });
    expect(m).toMatchObject({
      status: 1,
      deviceTypeName: types[0].name,
      pn: 'PN-1',
      deviceCount: 0,
      imageMime: 'image/png',
    });
    expect((await auditLines(server, 'model', 'add', m.code)).length).toBe(1);

    const page = expectOk(await op.get(`/v1/models?code=${m.code}`));
    expect(page.list.map((x: { id: number }) => x.id)).toEqual([m.id]);
    expect(expectOk(await op.get(`/v1/models/${m.id}`)).code).toBe(m.code);

    const img = await server.app.inject({ method: 'GET', url: m.imageUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toContain('immutable');
    expect(img.rawPayload.equals(Buffer.from(PNG_1X1, 'base64'))).toBe(true);

    const edited = expectOk(await op.put(`/v1/models/${m.id}`, { name: 'Renamed', description: 'A printer' }));
    expect(edited).toMatchObject({ name: 'Renamed', description: 'A printer' });
  });

  it('refuses images that are not PNG/JPG by their bytes, or too large, or missing', async () => {
    const gif = `data:image/png;base64,${Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64')}`;
    const base = { name: 'X', code: `C${uniq()}`, type: 'speaker' };
    await expectInvalid(
      (c) => c.post('/v1/models', { ...base, image: gif }),
      op,
      'Only PNG or JPG images are allowed',
      '仅支持 PNG 或 JPG 格式的图片',
      'image',
    );
    const big = Buffer.concat([Buffer.from(PNG_1X1, 'base64'), Buffer.alloc(101 * 1024)]);
    await expectInvalid(
      (c) => c.post('/v1/models', { ...base, image: `data:image/png;base64,${big.toString('base64')}` }),
      op,
      'The image cannot be larger than 100KB',
      '图片大小不能超过 100KB',
      'image',
    );
    await expectInvalid(
      (c) => c.post('/v1/models', base),
      op,
      'Please upload the model image',
      '请上传型号图片',
      'image',
    );
    const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]);
    const m = await createModel(op, { image: `data:image/jpeg;base64,${jpg.toString('base64')}` });
    expect(m.imageMime).toBe('image/jpeg');
  });

  it('refuses a duplicate code, a bad type and an unknown device type', async () => {
    const m = await createModel(op);
    const res = await op.post('/v1/models', {
      name: 'Y',
      code: m.code.toLowerCase(),
      type: 'printer',
      image: PNG_DATA_URL,
    });
    expectError(res, 40009, 'Model code already exists');
    await expectInvalid(
      (c) => c.post('/v1/models', { name: 'Y', code: `C${uniq()}`, type: 'toaster', image: PNG_DATA_URL }),
      op,
      'Incorrect format',
      '格式不正确',
      'type',
    );
    expectError(
      await op.post('/v1/models', {
        name: 'Y',
        code: `C${uniq()}`,
        type: 'printer',
        image: PNG_DATA_URL,
        deviceTypeId: 9999,
      }),
      40010,
      'The selected device type does not exist',
    );
  });

  it('disables and enables a model; the account lookup lists enabled models only', async () => {
    const m = await createModel(op);
    expect(expectOk(await op.post(`/v1/models/${m.id}/status`, { status: 0 })).status).toBe(0);
    let options = expectOk(await shop.client.get('/v1/common/modelListQuery'));
    expect(options.map((o: { id: number }) => o.id)).not.toContain(m.id);
    expect(expectOk(await op.get('/v1/common/modelListQuery')).map((o: { id: number }) => o.id)).toContain(m.id);
    expectOk(await op.post(`/v1/models/${m.id}/status`, { status: 1 }));
    options = expectOk(await shop.client.get('/v1/common/modelListQuery'));
    expect(options.map((o: { id: number }) => o.id)).toContain(m.id);
    expect((await auditLines(server, 'model', 'disable', m.code)).length).toBe(1);
  });

  it('deletes a model no device uses, and refuses one in use', async () => {
    const m = await createModel(op);
    expectOk(await op.delete(`/v1/models/${m.id}`));
    expectError(await op.get(`/v1/models/${m.id}`), 40004);
    const used = await createModel(op);
    expectOk(await shop.client.post('/v1/devices', { sn: `SN${uniq()}`, modelId: used.id }));
    expectError(await op.delete(`/v1/models/${used.id}`), 40009, 'The model is still used by devices');
  });

  it('needs a token, the operator side and the permission', async () => {
    const m = await createModel(op);
    expectError(await new Client(server).get('/v1/models'), 40002);
    expectError(await shop.client.get('/v1/models'), 40003, 'Unauthorized, Access Denied');
    expectError(await shop.client.post(`/v1/models/${m.id}/status`, { status: 0 }), 40003);
    const viewer = await seedRoleUser(server, {
      side: 'op',
      permissions: ['herald.device.model', 'herald.device.model.query'],
    });
    expectOk(await viewer.client.get('/v1/models'));
    expectError(await viewer.client.post(`/v1/models/${m.id}/status`, { status: 0 }), 40003);
    expectError(await viewer.client.put(`/v1/models/${m.id}`, { name: 'x' }), 40003);
    expectError(await new Client(server).get('/v1/common/modelListQuery'), 40002);
  });
});
