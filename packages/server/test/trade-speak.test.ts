import { PAYMENT_TYPES } from '@herald/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccount, seedRoleUser } from './fixtures';
import { adminClient, Client, expectError, expectOk, startServer } from './harness';
import { auditLines, expectInvalid } from './people';

let server: Awaited<ReturnType<typeof startServer>>;
let op: Client;
let A: Awaited<ReturnType<typeof seedAccount>>;
let B: Awaited<ReturnType<typeof seedAccount>>;

const valid = { enabled: false, prefix: 'arrived', language: 'en_US', volume: 50, paymentTypes: ['wechat', 'alipay'] };

beforeAll(async () => {
  server = await startServer();
  op = await adminClient(server);
  A = await seedAccount(server);
  B = await seedAccount(server);
});
afterAll(async () => server?.close());

describe('trade speak setting', () => {
  it('reads the defaults while the account has saved nothing', async () => {
    expect(expectOk(await A.client.get('/v1/trade-speak/setting'))).toEqual({
      enabled: true,
      prefix: 'received',
      language: 'zh_CN',
      volume: 75,
      paymentTypes: [...PAYMENT_TYPES],
      updatedAt: null,
    });
  });

  it('saves the setting per account and logs the change', async () => {
    const saved = expectOk(await A.client.post('/v1/trade-speak/setting', valid));
    // payment types come back in the vocabulary's order
    expect(saved).toMatchObject({ ...valid, paymentTypes: ['alipay', 'wechat'] });
    expect(saved.updatedAt).toEqual(expect.any(String));
    expect(expectOk(await A.client.get('/v1/trade-speak/setting'))).toEqual(saved);
    const again = expectOk(
      await A.client.post('/v1/trade-speak/setting', { ...valid, volume: 0, paymentTypes: ['cash', 'cash'] }),
    );
    expect(again).toMatchObject({ volume: 0, paymentTypes: ['cash'] });
    // B still has the defaults and cannot reach A's setting
    expect(expectOk(await B.client.get('/v1/trade-speak/setting'))).toMatchObject({ volume: 75, updatedAt: null });
    // naming A's account changes nothing: the setting is always the caller's own
    const named = expectOk(await B.client.get(`/v1/trade-speak/setting?accountId=${A.accountId}`));
    expect(named).toMatchObject({ language: 'zh_CN', updatedAt: null });
    expect((await auditLines(server, 'tradeSpeak', 'setting', 'volume 0')).length).toBe(1);
  });

  it('refuses bad input in both languages and changes nothing', async () => {
    const before = expectOk(await A.client.get('/v1/trade-speak/setting'));
    const post = (body: Record<string, unknown>) => (c: Client) => c.post('/v1/trade-speak/setting', body);
    await expectInvalid(
      post({ ...valid, volume: 101 }),
      A.client,
      'Volume must be between 0 and 100',
      '音量须在 0 到 100 之间',
      'volume',
    );
    await expectInvalid(
      post({ ...valid, volume: -1 }),
      A.client,
      'Volume must be between 0 and 100',
      '音量须在 0 到 100 之间',
    );
    await expectInvalid(
      post({ ...valid, paymentTypes: [] }),
      A.client,
      'Choose at least one payment type',
      '请至少选择一种支付方式',
      'paymentTypes',
    );
    await expectInvalid(
      post({ ...valid, paymentTypes: ['alipay', 'bitcoin'] }),
      A.client,
      'Incorrect format',
      '格式不正确',
    );
    await expectInvalid(post({ ...valid, language: 'fr' }), A.client, 'Incorrect format', '格式不正确', 'language');
    await expectInvalid(post({ ...valid, prefix: 'hello' }), A.client, 'Incorrect format', '格式不正确', 'prefix');
    await expectInvalid(post({ ...valid, volume: 5.5 }), A.client, 'Must be an integer', '必须是整数', 'volume');
    await expectInvalid(post({ ...valid, enabled: 'yes' }), A.client, 'Incorrect format', '格式不正确', 'enabled');
    expect(expectOk(await A.client.get('/v1/trade-speak/setting'))).toEqual(before);
  });

  it('needs the setting permission to save, the menu to read, and is the account side’s', async () => {
    const reader = await seedRoleUser(server, {
      side: 'ac',
      accountId: B.accountId,
      permissions: ['herald.stat.speak.rec', 'herald.stat.speak.rec.query'],
    });
    expect(expectOk(await reader.client.get('/v1/trade-speak/setting')).language).toBe('zh_CN');
    expectError(await reader.client.post('/v1/trade-speak/setting', valid), 40003);
    const nobody = await seedRoleUser(server, { side: 'ac', accountId: B.accountId, permissions: [] });
    expectError(await nobody.client.get('/v1/trade-speak/setting'), 40003);
    expectError(await new Client(server).get('/v1/trade-speak/setting'), 40002);
    expectError(await op.get('/v1/trade-speak/setting'), 40003);
    expectError(await op.post('/v1/trade-speak/setting', valid), 40003);
    // the refused save changed nothing
    expect(expectOk(await B.client.get('/v1/trade-speak/setting')).updatedAt).toBeNull();
  });
});

describe('voice packs and the language lookup', () => {
  it('serves a language manifest', async () => {
    const pack = expectOk(await A.client.get('/v1/trade-speak/voice-pack?language=zh_CN'));
    expect(pack).toContainEqual({ clip: 'zh_CN/unit.wan', text: '万' });
    expect(pack).toContainEqual({ clip: 'zh_CN/prefix.received.alipay', text: '支付宝收款' });
    const th = expectOk(await op.get('/v1/trade-speak/voice-pack?language=th'));
    expect(th).toContainEqual({ clip: 'th/num.et', text: 'เอ็ด' });
    await expectInvalid(
      (c) => c.get('/v1/trade-speak/voice-pack?language=xx'),
      A.client,
      'Incorrect format',
      '格式不正确',
      'language',
    );
  });

  it('lists the speak languages named in the request language', async () => {
    const en = expectOk(await A.client.get('/v1/common/speakLanguageListQuery'));
    expect(en.map((o: { value: string }) => o.value)).toEqual(['zh_CN', 'yue', 'en_US', 'th', 'bn', 'es', 'pt', 'hi']);
    expect(en[1]).toEqual({ value: 'yue', label: 'Cantonese' });
    const zh = expectOk(await A.client.withLang('zh_CN').get('/v1/common/speakLanguageListQuery'));
    expect(zh[0]).toEqual({ value: 'zh_CN', label: '普通话' });
  });
});
