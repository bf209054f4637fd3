import { afterAll, beforeAll, expect, test } from 'vitest';
import { OPERATOR, openShop, signedInPage } from './fixtures-shop';
import type { Herald } from './harness';
import { ok } from './story';
import { byId, openMenu, poll, signIn, visible } from './ui';

/**
 * The last of issue 29 in Chromium: the operators' device-types screen, and "own data only" in a
 * geofence (a narrowed user sees only their own devices in a fence's detail, and counts them).
 */

const OWNER = { username: 'typesowner', email: 'owner@types.test', password: 'TypesOwner#1' };
const CLERK = { username: 'typesclerk', email: 'clerk@types.test', password: 'TypesClerk#1' };
const MODEL = { name: 'Types printer', code: 'TYP80', type: 'printer' } as const;
const MINE = 'TYPESPRN0001';
const THEIRS = 'TYPESPRN0002';

let herald: Herald;
let fenceId: number;

beforeAll(async () => {
  const shop = await openShop({ owner: OWNER, accountName: 'Types Shop', models: [MODEL] });
  herald = shop.herald;
  const { op, owner, modelIds } = shop;
  const types = (await ok(op.get('/v1/device-types'), 'device types')) as { id: number; code: string }[];
  const printerType = types.find((t) => t.code === 'cloud-printer')!;
  await ok(op.call('PUT', `/v1/models/${modelIds[MODEL.code]}`, { deviceTypeId: printerType.id }), 'type the model');
  const me = await ok(owner.get('/users/current'), 'the account admin');
  await ok(op.post(`/v1/accounts/${me.account.id}/geo-service`, { enabled: true }), 'geolocation on');

  const ids: Record<string, number> = {};
  for (const sn of [MINE, THEIRS])
    ids[sn] = ((await ok(owner.post('/v1/devices', { sn, modelId: modelIds[MODEL.code] }), sn)) as { id: number }).id;
  const role = (await ok(
    owner.post('/v1/roles', { name: 'Fence watcher', permissions: ['herald.geo.fence', 'herald.geo.fence.query'] }),
    'role',
  )) as { id: number };
  const clerk = (await ok(
    owner.post('/v1/users', {
      username: CLERK.username,
      email: CLERK.email,
      dataPermission: 'self',
      roleIds: [role.id],
    }),
    'the own-data user',
  )) as { id: number };
  // activated as a person would: the token of the mail in the outbox, given to the activation call
  const mail = await op.latestMail(CLERK.email);
  const token = new URL(mail.link!).searchParams.get('token');
  await ok(
    herald.api().post('/users/active/user', { token, password: CLERK.password, confirmPassword: CLERK.password }),
    'activate the own-data user',
  );
  await ok(owner.post('/v1/devices/assign-owner', { ids: [ids[MINE]], userId: clerk.id }), 'assign one printer');
  const fence = (await ok(
    owner.post('/v1/geo-fences', {
      name: 'Counter',
      lat: 22.5,
      lng: 114.1,
      radius: 300,
      deviceIds: [ids[MINE], ids[THEIRS]],
    }),
    'fence',
  )) as { id: number };
  fenceId = fence.id;
}, 120_000);
afterAll(async () => {
  await herald?.stop();
});

test("an operator sees every device type in their language, with each type's models and devices", async () => {
  const page = await signedInPage(herald, OPERATOR, 'zh_CN');
  await openMenu(page, 'deviceType', '/device/device-type', 'deviceRoot');
  expect(await (await visible(page, 'device-type-row-cloud-printer')).innerText()).toBe('云打印机');
  await poll(() => byId(page, 'device-type-models-cloud-printer').innerText()).toBe(`${MODEL.name}（2）`);
  expect(await byId(page, 'device-type-devices-cloud-printer').innerText()).toBe('2');
  expect(await byId(page, 'device-type-row-cloud-speaker').innerText()).toBe('云音箱');
  expect(await byId(page, 'device-type-devices-cloud-speaker').innerText()).toBe('0');
  await page.close();
});

test("an own-data user sees only their own device in a fence's detail, and a count of one", async () => {
  const page = await herald.newPage();
  await signIn(page, CLERK.username, CLERK.password, `/geo-fence/list/detail?id=${fenceId}`);
  await visible(page, `fence-device-${MINE}`);
  expect(await byId(page, 'fence-detail-device-count').innerText()).toBe('1');
  expect(await byId(page, `fence-device-${THEIRS}`).count()).toBe(0);
  await page.close();
});
