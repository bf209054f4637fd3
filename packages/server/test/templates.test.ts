import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, seedRoleUser } from './fixtures';
import { createModel } from './fleet';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { QR_WALL } from './open-api-fixture';
import { auditLines, expectInvalid, uniq } from './people';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;
let modelId: number;

const BODY = '^^Receipt\n{width:*,8}\n|{{item}}|{{price}}|\n---\nThanks {{name}}!';
const PARAMS = [
  { name: 'item', sample: 'Coffee', description: 'what was bought' },
  { name: 'price', sample: '12.50' },
  { name: 'name', sample: 'Ann' },
];
const template = (over: Record<string, unknown> = {}) => ({
  name: `Receipt ${uniq()}`,
  purpose: 'till receipts',
  modelId,
  body: BODY,
  params: PARAMS,
  ...over,
});

/** The characters an SVG receipt shows (receiptline draws one tspan per character). */
const svgText = (svg: string) => svg.replace(/<[^>]+>/g, '').replace(/&#xa0;/g, ' ');

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
  modelId = (await createModel(op)).id;
});
afterAll(async () => server?.close());

describe('print templates', () => {
  it('creates, lists, shows, edits and deletes a template, with operation-log lines', async () => {
    const t = expectOk(await A.client.post('/v1/templates', template({ name: 'Kitchen ticket' })));
    expect(t).toMatchObject({ name: 'Kitchen ticket', command: 'escpos', modelId, paramCount: 3, businessCount: 0 });
    expect(t.params[0]).toEqual({ name: 'item', sample: 'Coffee', description: 'what was bought' });
    expect(t.modelName).toBeTruthy();
    const list = expectOk(await A.client.get(`/v1/templates?name=kitchen&modelId=${modelId}`));
    expect(list.list.map((x: { id: number }) => x.id)).toEqual([t.id]);
    expect(list.list[0].body).toBeUndefined();
    const edited = expectOk(
      await A.client.put(`/v1/templates/${t.id}`, { name: 'Kitchen ticket 2', command: 'starmbcs' }),
    );
    expect(edited).toMatchObject({ name: 'Kitchen ticket 2', command: 'starmbcs', body: BODY });
    expect(expectOk(await A.client.get(`/v1/templates/${t.id}`)).name).toBe('Kitchen ticket 2');
    expect(expectOk(await A.client.delete(`/v1/templates/${t.id}`))).toBeNull();
    expectError(await A.client.get(`/v1/templates/${t.id}`), 40004);
    for (const type of ['add', 'edit', 'delete']) {
      expect((await auditLines(server, 'template', type, 'Kitchen ticket')).length).toBe(1);
    }
    // a deleted template's name is free again
    expectOk(await A.client.post('/v1/templates', template({ name: 'Kitchen ticket 2' })));
  });

  it('sorts by update time (newest first by default) and pages', async () => {
    const a = expectOk(await A.client.post('/v1/templates', template({ name: `Sort a ${uniq()}` })));
    const b = expectOk(await A.client.post('/v1/templates', template({ name: `Sort b ${uniq()}` })));
    expectOk(await A.client.put(`/v1/templates/${a.id}`, { purpose: 'touched' }));
    const page = expectOk(await A.client.get('/v1/templates?name=Sort&pageSize=1'));
    expect(page.total).toBe(2);
    expect(page.list[0].id).toBe(a.id);
    const asc = expectOk(await A.client.get('/v1/templates?name=Sort&sortField=updatedAt&sortOrder=ascend'));
    expect(asc.list.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
  });

  it('validates in both languages and changes nothing', async () => {
    await expectInvalid(
      (c) => c.post('/v1/templates', template({ name: '' })),
      A.client,
      'Please input',
      '请输入',
      'name',
    );
    await expectInvalid(
      (c) => c.post('/v1/templates', template({ body: 'Hello {{who}}', params: [] })),
      A.client,
      'The body uses a parameter that is not declared',
      '模板内容使用了未声明的参数',
      'body',
    );
    await expectInvalid(
      (c) => c.post('/v1/templates', template({ params: [...PARAMS, { name: 'item', sample: 'again' }] })),
      A.client,
      'Parameter names must be unique',
      '参数名称不能重复',
      'params.3.name',
    );
    await expectInvalid(
      (c) => c.post('/v1/templates', template({ params: [{ name: '1bad', sample: '' }] })),
      A.client,
      'Incorrect format',
      '格式不正确',
      'params.0.name',
    );
    await expectInvalid(
      (c) => c.post('/v1/templates', template({ body: 'x'.repeat(20_001) })),
      A.client,
      'Too long',
      '长度超出限制',
      'body',
    );
    await expectInvalid(
      (c) => c.post('/v1/templates', template({ command: 'pdf' })),
      A.client,
      'Incorrect format',
      '格式不正确',
      'command',
    );
    await expectInvalid(
      (c) => c.post('/v1/templates', template({ modelId: 999_999 })),
      A.client,
      'The selected model does not exist',
      '所选型号不存在',
      'modelId',
    );
    const speaker = await createModel(op, { type: 'speaker' });
    expectError(await A.client.post('/v1/templates', template({ modelId: speaker.id })), 40010);
    await expectInvalid(
      (c) => c.post('/v1/templates', template({ body: 'Order {{order-no}}', params: [] })),
      A.client,
      'The template cannot be rendered',
      '模板无法渲染',
      'body',
    );
    // within the body limit, but ~2 MB of printer commands: refused by the rendering threads
    await expectInvalid(
      (c) => c.post('/v1/templates', template({ body: QR_WALL, params: [] })),
      A.client,
      'The receipt is too large or too complex to print',
      '小票内容过大或过于复杂，无法打印',
      'body',
    );
    const t = expectOk(await A.client.post('/v1/templates', template({ name: 'Unique one' })));
    expectError(
      await A.client.post('/v1/templates', template({ name: 'unique ONE' })),
      40009,
      'Template name already exists',
    );
    expectError(
      await A.client.withLang('zh_CN').put(`/v1/templates/${t.id}`, { body: 'Only {{undeclared}}' }),
      40010,
      '模板内容使用了未声明的参数',
    );
    expect(expectOk(await A.client.get(`/v1/templates/${t.id}`)).body).toBe(BODY);
    expectOk(await B.client.post('/v1/templates', template({ name: 'Unique one' })));
  });

  it('previews unsaved markup at 58 and 80 mm, and a saved template with its samples', async () => {
    const p58 = expectOk(
      await A.client.post('/v1/templates/preview', {
        body: BODY,
        params: { item: 'Tea', price: '3.00' },
        paperWidth: 58,
      }),
    );
    expect(p58).toMatchObject({ paperWidth: 58, charsPerLine: 32, placeholders: ['item', 'price', 'name'] });
    expect(p58.svg).toMatch(/^<svg/);
    expect(svgText(p58.svg)).toContain('Tea');
    expect(p58.warnings).toEqual([{ type: 'undeclared', name: 'name' }]);
    const p80 = expectOk(await A.client.post('/v1/templates/preview', { body: BODY, paperWidth: '80' }));
    expect(p80.charsPerLine).toBe(48);
    expect(p80.warnings).toHaveLength(3);
    await expectInvalid(
      (c) => c.post('/v1/templates/preview', { body: BODY, paperWidth: 70 }),
      A.client,
      'Incorrect format',
      '格式不正确',
      'paperWidth',
    );
    await expectInvalid(
      (c) => c.post('/v1/templates/preview', { body: '{{a b}}' }),
      A.client,
      'The template cannot be rendered',
      '模板无法渲染',
    );
    // a column as wide as this takes minutes to render: the threads' time limit refuses it
    await expectInvalid(
      (c) => c.post('/v1/templates/preview', { body: '{width:9999999999}\na' }),
      A.client,
      'The receipt is too large or too complex to print',
      '小票内容过大或过于复杂，无法打印',
      'body',
    );
    await expectInvalid(
      (c) => c.post('/v1/templates/preview', { body: QR_WALL }),
      A.client,
      'The receipt is too large or too complex to print',
      '小票内容过大或过于复杂，无法打印',
      'body',
    );
    const t = expectOk(await A.client.post('/v1/templates', template()));
    const saved = expectOk(await A.client.get(`/v1/templates/${t.id}/preview?paperWidth=80`));
    expect(saved).toMatchObject({ paperWidth: 80, charsPerLine: 48, warnings: [] });
    expect(svgText(saved.svg)).toContain('Coffee');
    expect(expectOk(await A.client.get(`/v1/templates/${t.id}/preview`)).paperWidth).toBe(58);
    expectError(await B.client.get(`/v1/templates/${t.id}/preview`), 40004);
  });

  it('refuses to delete a template a business uses', async () => {
    const t = expectOk(await A.client.post('/v1/templates', template()));
    const b = expectOk(await A.client.post('/v1/businesses', { name: `Biz ${uniq()}`, type: 0, templateId: t.id }));
    expect(expectOk(await A.client.get(`/v1/templates/${t.id}`)).businessCount).toBe(1);
    await expectInvalid(
      (c) => c.delete(`/v1/templates/${t.id}`),
      A.client,
      'The template is still used by businesses',
      '该模板仍被业务使用',
    );
    expectOk(await A.client.delete(`/v1/businesses/${b.id}`));
    expectOk(await A.client.delete(`/v1/templates/${t.id}`));
  });

  it('keeps accounts apart, needs a token and the permission, and is account side only', async () => {
    const t = expectOk(await A.client.post('/v1/templates', template()));
    expectError(await B.client.get(`/v1/templates/${t.id}`), 40004);
    expectError(await B.client.put(`/v1/templates/${t.id}`, { name: 'Mine' }), 40004);
    expectError(await B.client.delete(`/v1/templates/${t.id}`), 40004);
    expect(expectOk(await B.client.get('/v1/templates')).list.map((x: { id: number }) => x.id)).not.toContain(t.id);
    expectError(await new Client(server).get('/v1/templates'), 40002);
    expectError(await op.get('/v1/templates'), 40003);
    const staff = await seedRoleUser(server, {
      side: 'ac',
      accountId: A.accountId,
      permissions: ['herald.dev.template', 'herald.dev.template.query'],
    });
    expectOk(await staff.client.get('/v1/templates'));
    expectOk(await staff.client.get(`/v1/templates/${t.id}/preview`));
    expectError(await staff.client.post('/v1/templates', template()), 40003);
    expectError(await staff.client.put(`/v1/templates/${t.id}`, { name: 'x' }), 40003);
    expectError(await staff.client.delete(`/v1/templates/${t.id}`), 40003);
    const none = await seedRoleUser(server, { side: 'ac', accountId: A.accountId, permissions: [] });
    expectError(await none.client.get('/v1/templates'), 40003);
    expectError(await none.client.post('/v1/templates/preview', { body: BODY }), 40003);
    const options = expectOk(await A.client.get('/v1/common/templateListQuery'));
    expect(options.map((o: { value: number }) => o.value)).toContain(t.id);
    expect(
      expectOk(await B.client.get('/v1/common/templateListQuery')).map((o: { value: number }) => o.value),
    ).not.toContain(t.id);
  });
});
