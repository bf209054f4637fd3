import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { OPEN_API, TEMPLATE_BODY_MAX } from '@herald/contract';
import { VirtualDevice, type DeviceOptions } from '@herald/device-sim';
import type { Server } from '../src/app';
import {
  accountApis,
  apiKeys,
  apiRequests,
  businesses,
  devices,
  jobs,
  templates,
  tradeSpeakSettings,
} from '../src/db/schema';
import { openApiSignature } from '../src/modules/open-api/sign';
import { eventually, seedDevice } from './devices-fixture';
import { uniq } from './people';

/** Open API credentials straight in the database (the account API screens are tested on their own). */
const QR_LINE = '{code:https://example.com/very/long/url/0123456789; option:qrcode,8,L}\n';
/** Receipt markup within the body limit that renders to ~2 MB of printer commands (hundreds of ms). */
export const QR_WALL = QR_LINE.repeat(Math.floor(TEMPLATE_BODY_MAX / QR_LINE.length));

export async function seedApiKey(
  server: Server,
  accountId: number,
  keys = { appKey: `k${uniq()}`, secret: randomBytes(24).toString('hex') },
) {
  await server.deps.db.insert(accountApis).values({ accountId }).onConflictDoNothing();
  const [key] = await server.deps.db
    .insert(apiKeys)
    .values({ accountId, name: `Key ${uniq()}`, ...keys })
    .returning();
  return { appKey: keys.appKey, secret: keys.secret, id: key!.id };
}

export async function seedTemplate(server: Server, accountId: number, body: string) {
  const [t] = await server.deps.db
    .insert(templates)
    .values({ accountId, name: `T${uniq()}`, body })
    .returning();
  return t!;
}

export async function seedBusiness(
  server: Server,
  accountId: number,
  v: { type: number; templateId?: number; voiceContent?: string },
) {
  const [b] = await server.deps.db
    .insert(businesses)
    .values({ accountId, name: `B${uniq()}`, ...v })
    .returning();
  return b!;
}

export async function seedTradeSettings(
  server: Server,
  accountId: number,
  v: { enabled?: boolean; paymentTypes?: string[]; language?: string; volume?: number } = {},
) {
  await server.deps.db
    .insert(tradeSpeakSettings)
    .values({ accountId, paymentTypes: v.paymentTypes ?? ['alipay', 'wechat'], ...v })
    .onConflictDoUpdate({ target: tradeSpeakSettings.accountId, set: { ...v } });
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type OpenRes = { status: number; body: Json; headers: Record<string, unknown> };

let nonceSeq = 0;
export const freshNonce = () => `n${Date.now().toString(36)}${(++nonceSeq).toString(36)}xyz`;

/** Signs and sends open API calls the way an integrator would (raw JSON body, four headers). */
export class OpenClient {
  constructor(
    private readonly server: Server,
    readonly appKey: string,
    readonly secret: string,
    private readonly lang = 'en_US',
  ) {}

  async call(
    path: string,
    body: unknown,
    o: {
      timestamp?: number;
      nonce?: string;
      signature?: string;
      secret?: string;
      raw?: string;
      /** the Content-Type header (application/json by default; null: none) */
      contentType?: string | null;
    } = {},
  ): Promise<OpenRes> {
    const raw = o.raw ?? JSON.stringify(body);
    const timestamp = String(o.timestamp ?? Date.now());
    const nonce = o.nonce ?? freshNonce();
    const signature =
      o.signature ??
      openApiSignature(o.secret ?? this.secret, {
        appKey: this.appKey,
        timestamp,
        nonce,
        method: 'POST',
        path,
        body: raw,
      });
    const h = OPEN_API.headers;
    const res = await this.server.app.inject({
      method: 'POST',
      url: `${path}?lang=${this.lang}`,
      payload: raw,
      headers: {
        ...(o.contentType === null ? {} : { 'content-type': o.contentType ?? 'application/json' }),
        [h.appKey]: this.appKey,
        [h.timestamp]: timestamp,
        [h.nonce]: nonce,
        [h.signature]: signature,
      },
    });
    return { status: res.statusCode, body: res.json() as Json, headers: res.headers };
  }

  print = (b: Json) => this.call('/open/v1/print', b);
  speak = (b: Json) => this.call('/open/v1/speak', b);
  trade = (b: Json) => this.call('/open/v1/trade', b);
  record = (b: Json) => this.call('/open/v1/record', b);
  device = (b: Json) => this.call('/open/v1/device', b);
}

export async function jobRow(server: Server, id: number) {
  const [j] = await server.deps.db.select().from(jobs).where(eq(jobs.id, id));
  return j!;
}

/** Wait until the job reaches `status` (no timed assertion: the test timeout bounds it). */
export const jobReaches = (server: Server, id: number, status: number) =>
  eventually(async () => {
    const j = await jobRow(server, id);
    return j.status === status ? j : undefined;
  }, `job ${id} status ${status}`);

export async function apiRequestsOf(server: Server, appKey: string) {
  return server.deps.db.select().from(apiRequests).where(eq(apiRequests.appKey, appKey));
}

/** A simulated device (printer by default) that the test stops at the end. */
export function simDevice(
  list: VirtualDevice[],
  mqttUrl: string,
  d: { sn: string; secret: string | null },
  extra: Partial<DeviceOptions> = {},
) {
  const v = new VirtualDevice({
    sn: d.sn,
    secret: d.secret!,
    mqttUrl,
    backoffMinMs: 50,
    backoffMaxMs: 200,
    restartDelayMs: 50,
    printDelayMs: 5,
    ...extra,
  });
  list.push(v);
  return v;
}

/** The device row says online (presence processed), so the API will dispatch at once. */
export const onlineInDb = (server: Server, id: number) =>
  eventually(async () => {
    const [d] = await server.deps.db.select().from(devices).where(eq(devices.id, id));
    return d?.online ? d : undefined;
  }, `device ${id} online`);

/**
 * A device of the account (of `modelId`), seeded, connected as a simulator on the server's
 * embedded broker and online in the database; stopped with the file's other simulators (`sims`).
 */
export async function onlineSimDevice(
  server: Server,
  sims: VirtualDevice[],
  o: { accountId: number; modelId: number },
  extra: Partial<DeviceOptions> = {},
) {
  const device = await seedDevice(server, o.accountId, o.modelId);
  const sim = simDevice(sims, server.deps.gateway.endpoints().mqtt!, device, extra);
  sim.start();
  await sim.waitOnline();
  await onlineInDb(server, device.id);
  return { device, sim };
}

/** An open API call that must be accepted: its job (fails the test with the answer otherwise). */
export const accepted = async (res: Promise<OpenRes>) => {
  const r = await res;
  expect(r.body.code, JSON.stringify(r.body)).toBe(20000);
  return r.body.data as { jobId: number; msgId: string; status: number };
};
