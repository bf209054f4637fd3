import type { VirtualDevice } from '@herald/device-sim';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHerald, type ApiClient, type Herald } from './harness';
import { ok, operatorAndAccount } from './story';
import { byId, fill, openMenu, poll, signIn, visible, waitForPath, WAIT } from './ui';
import { startedDevice } from './sim';

/**
 * The push-delay alarm in Chromium: the account admin sets the alarm (two pushes over 100 ms)
 * on the silence list's settings tab, after the form refuses grades that do not join up; a
 * simulated speaker that acks slowly (the real device protocol) speaks twice; the alarm shows in
 * the alarm tab with its latency's grade, its message reaches the inbox, and the admin mutes it.
 */

const OP_PASSWORD = 'Operator@2024';
const OWNER = { username: 'alarmowner', email: 'owner@alarm.test', password: 'AlarmOwner#1' };
const SPEAKER_MODEL = { name: 'Alarm speaker', code: 'ALARMSPK', type: 'speaker' } as const;
const SN = 'ALARMS0001';

let herald: Herald;
let speaker: VirtualDevice | undefined;
let owner: ApiClient;
let speakerId = 0;

beforeAll(async () => {
  herald = await startHerald();
  const mqttPort = herald.mqttPort;
  const { modelIds } = await operatorAndAccount(herald, {
    opPassword: OP_PASSWORD,
    owner: OWNER,
    accountName: 'Alarm Cafe',
    models: [SPEAKER_MODEL],
  });
  owner = await herald.api().login(OWNER.username, OWNER.password);
  const created = (await ok(owner.post('/v1/devices', { sn: SN, modelId: modelIds[SPEAKER_MODEL.code] }), 'add')) as {
    id: number;
    secret: string;
  };
  speakerId = created.id;
  speaker = startedDevice(mqttPort, { sn: SN, secret: created.secret, kind: 'speaker', slowAckMs: 400 });
  await speaker.waitOnline();
});

afterAll(async () => {
  await speaker?.stop();
  await herald?.stop();
});

/** Sends a speak test and waits until the speaker has said it. */
async function speak(text: string): Promise<void> {
  const { jobId } = (await ok(
    owner.post('/v1/speak-test/send', { deviceId: speakerId, mode: 'text', text }),
    'speak test',
  )) as { jobId: number };
  await poll(
    async () => ((await ok(owner.get(`/v1/speak-test/job/${jobId}`), 'job')) as { status: number }).status,
  ).toBe(3);
}

test('the admin sets the alarm, a slow speaker trips it, the alarm is listed with its grade and muted', async () => {
  const page = await herald.newPage();
  await signIn(page, OWNER.username, OWNER.password);
  await openMenu(page, 'deviceList', '/device/list', 'deviceRoot');
  await (await visible(page, 'device-silence-list')).click();
  await waitForPath(page, '/device/list/silence-list');

  // ---- the settings: the spec's defaults first; grades that do not join up are refused
  await (await visible(page, 'silence-tab-settings')).click();
  await visible(page, 'alarm-settings-form');
  await poll(() => byId(page, 'alarm-settings-summary').innerText()).toContain('800 ms');
  await fill(page, 'alarm-grade-1-min', '900');
  await byId(page, 'alarm-settings-save').click();
  await page.getByText("A grade's minimum must equal the previous grade's maximum").first().waitFor({ timeout: WAIT });
  await fill(page, 'alarm-grade-1-min', '800');
  await fill(page, 'alarm-consecutive', '2');
  await fill(page, 'alarm-thresholdMs', '100');
  await fill(page, 'alarm-liftMuteHours', '3');
  await poll(() => byId(page, 'alarm-settings-summary').innerText()).toContain('go on for 3 hour(s)');
  await byId(page, 'alarm-settings-save').click();
  await poll(async () => {
    const saved = (await ok(owner.get('/v1/push-alarms/settings'), 'settings')) as {
      thresholdMs: number;
      liftMuteHours: number;
    };
    return [saved.thresholdMs, saved.liftMuteHours];
  }).toEqual([100, 3]);
  await poll(() => byId(page, 'alarm-settings-summary').innerText()).toContain('100 ms');

  // ---- two slow pushes
  speaker!.injectFault('slow-ack');
  await speak('Order one is ready');
  await speak('Order two is ready');

  // ---- the alarm tab (opened once the server has the alarm): one row, its latency coloured by the "Normal" grade
  await poll(async () => ((await ok(owner.get('/v1/push-alarms'), 'alarms')) as { total: number }).total).toBe(1);
  await (await visible(page, 'silence-tab-alarms')).click();
  const row = page.locator('[data-testid="alarm-table"] tr', { has: page.locator(`[data-testid="alarm-row-${SN}"]`) });
  await poll(() => row.count()).toBe(1);
  const latency = row.locator('[data-testid^="alarm-latency-"]');
  await poll(() => latency.getAttribute('data-grade')).toBe('Normal');

  // ---- the alarm's message reached the inbox
  const inbox = (await ok(owner.get('/v1/account-user-notice-msg/pageQuery?category=alert'), 'inbox')) as {
    list: { title: string }[];
  };
  expect(inbox.list.map((m) => m.title).join('\n')).toMatch(new RegExp(`Pushes to device ${SN} are slow`));

  // ---- muted for 24 hours after a confirmation
  await row.locator('[data-testid^="alarm-mute-"]').first().click();
  await (await visible(page, 'alarm-mute-ok')).click();
  await poll(() => row.locator('[data-testid^="alarm-muted-"]').getAttribute('data-muted')).toBe('true');
  await poll(() => row.innerText()).toContain(OWNER.username);
});
