import { raiseDeviceAlert, raiseStateChange } from '../messages/alerts';
import { onDeviceBackForAlerts } from '../messages/alert-offline';
import { positionOf } from '../locations/position';
import { onPosition } from '../locations/service';
import {
  ACK_CODES,
  AccountStatus,
  DEFAULT_PRINT_PARAMS,
  DeviceStatus,
  ResultCode,
  SN_RE,
  ackPayload,
  eventPayload,
  otaProgressPayload,
  parsePayload,
  presencePayload,
  resultPayload,
  telemetryPayload,
  topics,
  type Ack,
  type ConnectRefusal,
  type DeviceEvent,
  type DeviceRegisterRequest,
  type Presence,
  type Position,
  type Telemetry,
  type UpKind,
} from '@herald/contract';
import {
  MQTT_CLOCK_SKEW_MS,
  hmacHex,
  mqttStaticPassword,
  parseMqttUsername,
  registrationSign,
} from '@herald/contract/device-sign';
import type { Deps } from '../../lib/deps';
import { inTurn } from '../../lib/in-turn';
import { AppError, uniqueViolation } from '../../lib/errors';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';
import * as repo from './repo';
import { raiseDeviceState, raisePresence } from '../live/raise';
import { askPresence, UNANSWERED } from './presence-check';
import type { Placed } from './state';
import { inBackground, markBehind, onDeviceOnline, onJobAck, onJobResult } from '../print-pipeline/pipeline';
import { onDeviceOnlineForCancels } from '../print-pipeline/cancel-pending';
import { onDeviceOnlineForOta, onDeviceVersions, onOtaAck, onOtaProgress } from '../ota-tasks/device';
import { onDeviceOnlineForPush, onPushAck } from '../push-tasks/device';

/**
 * The device side of Herald: who may connect, what a connection does to presence, and what
 * uplink messages change. Both gateways (embedded Aedes, external broker) and the device HTTP
 * routes call these functions; none of them touches the database directly.
 */

export type DeviceRef = { id: number; sn: string; accountId?: number };

export type AuthRequest = {
  clientId: string;
  username: string | undefined;
  password: string | undefined;
  /** SHA-256 fingerprint of the TLS client certificate, when one was presented */
  certFingerprint?: string;
  now?: number;
};
export type AuthResult =
  { ok: true; device: DeviceRef; session: number } | { ok: false; refusal: ConnectRefusal; sn?: string };

const refuse = (refusal: ConnectRefusal, sn?: string): AuthResult => ({ ok: false, refusal, sn });

/**
 * Decide whether a device may connect. Order matters: nothing about a device's state is
 * revealed before its credentials are proven (unknown, deleted and wrong password look alike).
 */
export async function authenticateDevice(deps: Deps, req: AuthRequest): Promise<AuthResult> {
  const now = req.now ?? Date.now();
  const user = req.username ? parseMqttUsername(req.username) : null;
  if (!user || !SN_RE.test(user.sn)) return refuse('badCredentials');
  if (req.clientId !== user.sn) return refuse('badClientId', user.sn);
  const device = await deps.deviceLink.authReads.add(user.sn);
  if (!device || !device.secret) return refuse('unknownDevice', user.sn);
  const expected = hmacHex(device.secret, `clientId${user.sn}sn${user.sn}timestamp${user.ts}`);
  if (!req.password || !safeEqual(req.password.toLowerCase(), expected)) return refuse('badCredentials', user.sn);
  if (Math.abs(now - user.ts) > MQTT_CLOCK_SKEW_MS) return refuse('staleTimestamp', user.sn);
  if (device.status === DeviceStatus.DISABLED) return refuse('deviceDisabled', user.sn);
  if (device.status !== DeviceStatus.ENABLED) return refuse('deviceNotEnabled', user.sn);
  if (device.accountStatus !== AccountStatus.ENABLED) return refuse('accountDisabled', user.sn);
  if (req.certFingerprint !== undefined) {
    const ok =
      device.manufacturerId !== null &&
      (await repo.certificateAcceptable(deps.db, device.manufacturerId, req.certFingerprint, new Date(now)));
    if (!ok) return refuse('certificateRejected', user.sn);
  }
  if (!device.activated && !(await repo.activate(deps.db, device.id, device.manufacturerId, new Date(now)))) {
    return refuse('licenceExhausted', user.sn);
  }
  return { ok: true, device: { id: device.id, sn: device.sn, accountId: device.accountId }, session: user.ts };
}

/**
 * Whether a device let in may stay connected: its status and its account's, read again once the
 * broker has registered the connection. A disable committed between the connect's own check and
 * that registration kicks nobody (the broker does not know the connection yet); a read made after
 * the registration sees it, and one made before it means the disable's kick comes after and finds it.
 */
export async function mayStayConnected(deps: Deps, sn: string): Promise<boolean> {
  const d = await deps.deviceLink.authReads.add(sn);
  return d?.status === DeviceStatus.ENABLED && d.accountStatus === AccountStatus.ENABLED;
}

/** Topic ACL: a device publishes only to its own up topics of a known kind. */
export function mayPublish(sn: string, topic: string): boolean {
  return topics.parseUplink(topic)?.sn === sn;
}

/** Topic ACL: a device subscribes only to its own down topics (all of them, or one exactly). */
export function maySubscribe(sn: string, topic: string): boolean {
  if (topic === topics.deviceSubscription(sn)) return true;
  const t = topics.parse(topic);
  return !!t && t.sn === sn && t.dir === 'down' && !t.kind.includes('+') && !t.kind.includes('#');
}

export async function resolveDevice(deps: Deps, sn: string): Promise<DeviceRef | undefined> {
  return repo.findDeviceRef(deps.db, sn);
}

// ── presence ─────────────────────────────────────────────────────────────

/** A connection was accepted (embedded broker): online, history row; returns the row id. */
export async function onConnect(deps: Deps, device: DeviceRef, c: { session: number; ip?: string }): Promise<number> {
  // online from here: a new job must not pass the queue its presence message will flush
  markBehind(deps, device.id);
  const id = await deps.deviceLink.connectionOpens.add({
    deviceId: device.id,
    session: c.session,
    ip: c.ip ?? null,
    at: new Date(),
  });
  raisePresence(deps, device, true);
  return id;
}

/** A connection ended; the device goes offline unless a newer connection already holds it. */
export async function onDisconnect(deps: Deps, device: DeviceRef, connectionId: number, reason: string) {
  if (await repo.closeConnection(deps.db, device.id, connectionId, reason, new Date()))
    raisePresence(deps, device, false);
}

/**
 * Presence messages (external broker, where Herald does not see connections): the online
 * message opens the session, the last will or an orderly offline message closes it. Messages
 * may arrive twice (QoS 1) or out of order (several server processes); the session key sorts it out.
 */
export async function onPresence(deps: Deps, device: DeviceRef, p: Presence, ip?: string): Promise<void> {
  const now = new Date();
  const known = await repo.findSession(deps.db, device.id, p.session);
  if (p.online) {
    // a broker that authenticates devices itself (dynamic security) leaves activation to this message
    const auth = await deps.deviceLink.authReads.add(device.sn);
    if (auth && !auth.activated) await repo.activate(deps.db, device.id, auth.manufacturerId, now);
    markBehind(deps, device.id);
    // a session closed for not answering a presence check answered after all (its answer was late or lost)
    if (!known || (known.disconnectedAt && known.reason === UNANSWERED))
      await deps.deviceLink.connectionOpens.add({ deviceId: device.id, session: p.session, ip: ip ?? null, at: now });
    else if (!known.disconnectedAt) await repo.reassertPresence(deps.db, device.id, known.id, p.session, now);
    if (p.firmware) await deps.deviceLink.firmwareWrites.add({ deviceId: device.id, firmware: p.firmware });
    raisePresence(deps, device, true);
    return;
  }
  const reason = p.reason ?? 'offline';
  if (!known) await repo.recordEndedSession(deps.db, device.id, p.session, reason, now);
  else if (await repo.closeConnection(deps.db, device.id, known.id, reason, now)) raisePresence(deps, device, false);
}

/**
 * The broker dropped devices Herald disabled (external broker): their connections end here, as
 * their last wills would end them, in one statement; a will that comes after changes nothing.
 */
export async function dropped(deps: Deps, sns: readonly string[], reason: string): Promise<void> {
  for (const closed of await repo.closeDeviceConnections(deps.db, sns, reason, new Date()))
    raisePresence(deps, closed, false);
}

/** Embedded broker start (connections of an earlier process are gone) and close (its connections go with it). */
export async function resetPresence(deps: Deps, reason = 'server restart'): Promise<void> {
  await repo.resetAllPresence(deps.db, reason, new Date());
}

// ── uplink ───────────────────────────────────────────────────────────────

/**
 * Latest telemetry becomes the device's live state; firmware and position (a GNSS fix, else the
 * cells it hears) get columns of their own. Returns the position, if the report gave one.
 */
export async function onTelemetry(
  deps: Deps,
  device: DeviceRef,
  t: Telemetry,
  now = new Date(),
): Promise<{ position: Omit<Position, 'locatedAt'> | undefined; online: boolean | undefined }> {
  const { v: _v, ...state } = t;
  const position = t.location ? await positionOf(deps.db, t) : undefined;
  const online = await deps.deviceLink.telemetryWrites.add({
    deviceId: device.id,
    patch: state,
    extra: { firmwareVersion: t.firmware, position },
    at: now,
  });
  if (online !== undefined) raiseDeviceState(deps, device, [...Object.keys(state), ...(position ? ['position'] : [])]);
  return { position, online };
}

/** Events change one part of the live state between telemetry reports. */
export async function onEvent(deps: Deps, device: DeviceRef, e: DeviceEvent): Promise<void> {
  const now = new Date();
  const patch: Record<string, unknown> = {};
  if (e.battery) patch.battery = e.battery;
  if (e.type === 'fault') patch.lastFault = { ts: e.ts, message: e.message ?? null };
  if (e.type === 'boot') patch.bootAt = e.ts;
  // the printer's state changes inside the stored printer object (its paper width stays), in the same statement
  const stored = await deps.deviceLink.telemetryWrites.add({
    deviceId: device.id,
    patch,
    extra: { firmwareVersion: e.firmware, printerState: e.printerState },
    at: now,
  });
  const changed = [...Object.keys(patch), ...(e.printerState !== undefined ? ['printerState'] : [])];
  if (e.firmware !== undefined) changed.push('firmware');
  if (stored !== undefined) raiseDeviceState(deps, device, changed);
}

/**
 * A device's state messages (telemetry, events) are stored one after the other, in the order
 * the broker delivered them: run side by side, a state event could be written after the
 * telemetry report the device sent behind it, and leave the older state in place.
 */
const inDeviceTurn = <T>(deps: Deps, deviceId: number, work: () => Promise<T>) =>
  inTurn(deps.deviceLink.stateTurns, deviceId, work);

/** A device's reports become alerts in the order they arrived (DeviceLinkState.alertTurns). */
const inAlertTurn = <T>(deps: Deps, deviceId: number, work: () => Promise<T>) =>
  inTurn(deps.deviceLink.alertTurns, deviceId, work);

/**
 * A device's position goes to its track and fences after the one being handled, if any (off the
 * telemetry's answer). When the database falls behind, positions of one device do not pile up:
 * one waits, the latest.
 */
function trackPosition(deps: Deps, p: Placed): void {
  const { waitingPositions: waiting, positionTurns } = deps.deviceLink;
  const queued = waiting.has(p.device.id);
  waiting.set(p.device.id, p);
  if (queued) return;
  inBackground(
    deps,
    inTurn(positionTurns, p.device.id, () => {
      const latest = waiting.get(p.device.id)!;
      waiting.delete(p.device.id);
      return onPosition(deps, latest.device, latest.position, latest.at);
    }),
    'device position not tracked',
  );
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ackStatus = (code: (typeof ACK_CODES)[number]) =>
  code === 'ok' ? 'acked' : code === 'expired' ? 'expired' : 'failed';

/**
 * A device answered a command: the row records the outcome and the push latency measured on
 * Herald's own clock (arrival − the send time the device echoed). Unknown ids and repeated acks
 * change nothing. Returns whether a command was updated.
 */
export async function onAck(deps: Deps, device: DeviceRef, ack: Ack, arrivedAt = Date.now()): Promise<boolean> {
  if (!UUID_RE.test(ack.id)) return false;
  return repo.ackCommand(
    deps.db,
    device.id,
    ack.id,
    {
      status: ackStatus(ack.code),
      code: ack.code,
      message: ack.message ?? null,
      latencyMs: Math.max(0, Math.min(arrivedAt - ack.ts, 2_147_483_647)),
    },
    new Date(arrivedAt),
  );
}

/**
 * One place parses an uplink message (with the contract's schemas) and hands it to its handler,
 * for both gateways. Returns false when the payload was not valid (it is then dropped).
 * `presence` counts only where Herald does not see connections itself (external broker).
 */
export async function handleUplink(
  deps: Deps,
  device: DeviceRef,
  kind: UpKind,
  raw: Buffer,
  opts: { presenceFromMessages: boolean; arrivedAt?: number },
): Promise<boolean> {
  switch (kind) {
    case 'presence': {
      const p = parsePayload(presencePayload, raw);
      // in turn with the device's other state messages: an answer to a presence check and the
      // device's own online message of one session must not both open it
      if (p && opts.presenceFromMessages) await inDeviceTurn(deps, device.id, () => onPresence(deps, device, p));
      else if (p?.firmware) await deps.deviceLink.firmwareWrites.add({ deviceId: device.id, firmware: p.firmware });
      // the device announces itself after subscribing: now its job queue, upgrade offers and pushes can go out
      if (p?.online) {
        await onDeviceVersions(deps, device, { firmware: p.firmware, resources: p.resources });
        onDeviceOnline(deps, device);
        onDeviceOnlineForCancels(deps, device);
        inBackground(deps, onDeviceBackForAlerts(deps, device), 'offline recovery not delivered');
        onDeviceOnlineForOta(deps, device);
        onDeviceOnlineForPush(deps, device);
      }
      return !!p;
    }
    case 'telemetry': {
      const t = parsePayload(telemetryPayload, raw);
      const at = new Date();
      const stored = t && (await inDeviceTurn(deps, device.id, () => onTelemetry(deps, device, t, at)));
      const position = stored?.position;
      // a state reported in telemetry raises its alert as an event would: once per change (alert-states.ts)
      if (t && (t.printer || t.battery))
        inBackground(
          deps,
          inAlertTurn(deps, device.id, () =>
            raiseStateChange(deps, device, { ts: t.ts, printerState: t.printer?.state, battery: t.battery }),
          ),
          'device alert not delivered',
        );
      // reporting while marked offline: its online message was lost (external broker): ask it again
      if (opts.presenceFromMessages && stored?.online === false)
        inBackground(deps, askPresence(deps, device.sn), 'presence check not sent');
      const accountId = device.accountId;
      if (position && accountId !== undefined) trackPosition(deps, { device: { ...device, accountId }, position, at });
      if (t && (t.firmware || t.resources))
        await onDeviceVersions(deps, device, { firmware: t.firmware, resources: t.resources });
      return !!t;
    }
    case 'ack': {
      const a = parsePayload(ackPayload, raw);
      // job acks go to the pipeline, offer acks to OTA, config acks to push tasks; anything else is a command's
      if (
        a &&
        !(await onJobAck(deps, device, a, opts.arrivedAt)) &&
        !(await onOtaAck(deps, device, a)) &&
        !(await onPushAck(deps, device, a, opts.arrivedAt))
      )
        await onAck(deps, device, a, opts.arrivedAt);
      return !!a;
    }
    case 'result': {
      const r = parsePayload(resultPayload, raw);
      if (r) await onJobResult(deps, device, r, opts.arrivedAt);
      return !!r;
    }
    case 'event': {
      const e = parsePayload(eventPayload, raw);
      if (e) await inDeviceTurn(deps, device.id, () => onEvent(deps, device, e));
      // after the state is stored, and off the message's answer: a failed alert is logged, the event stays stored
      if (e)
        inBackground(
          deps,
          inAlertTurn(deps, device.id, () => raiseDeviceAlert(deps, device, e)),
          'device alert not delivered',
        );
      if (e?.type === 'boot' && e.firmware) await onDeviceVersions(deps, device, { firmware: e.firmware });
      return !!e;
    }
    case 'ota': {
      const o = parsePayload(otaProgressPayload, raw);
      if (o) await onOtaProgress(deps, device, o, opts.arrivedAt);
      return !!o;
    }
    default:
      return false;
  }
}

// ── registration ─────────────────────────────────────────────────────────

const badSign = () => new AppError(ResultCode.BAD_CREDENTIALS, 'deviceLink.badSign');
const refused = (key: string) => new AppError(ResultCode.FORBIDDEN, key);

/**
 * Dynamic registration for one-model-one-secret applications: a device proving the
 * application's secret receives its own device secret. An unknown S/N is created when the
 * application allows auto-registration; a device already activated is never given its secret
 * again, so a replayed registration leaks nothing.
 */
export async function register(
  deps: Deps,
  req: DeviceRegisterRequest,
  now = Date.now(),
): Promise<{ deviceSecret: string }> {
  const found = await repo.findApplicationByKey(deps.db, req.appKey);
  if (!found) throw badSign();
  const { app, accountStatus } = found;
  const expected = registrationSign(app.appSecret, req);
  if (!safeEqual(req.sign.toLowerCase(), expected) || Math.abs(now - req.timestamp) > MQTT_CLOCK_SKEW_MS) {
    throw badSign();
  }
  if (app.accessType !== 1) throw refused('deviceLink.registrationClosed');
  if (app.status !== 1 || accountStatus !== AccountStatus.ENABLED) throw refused('deviceLink.deviceRefused');
  const model = await repo.findModelByCode(deps.db, req.modelCode);
  if (!model) throw refused('deviceLink.modelUnavailable');

  const existing = await repo.findDeviceBySn(deps.db, req.sn);
  if (existing) return issueSecret(deps, existing, app.id, model.id);

  if (!app.autoRegister) throw refused('deviceLink.registrationClosed');
  // a disabled model blocks new devices; existing ones work on
  if (model.status !== 1) throw refused('deviceLink.modelUnavailable');
  const secret = randomToken(24);
  try {
    await repo.insertDevice(deps.db, {
      accountId: app.accountId,
      sn: req.sn,
      modelId: model.id,
      groupId: await repo.defaultGroupId(deps.db, app.accountId),
      appId: app.id,
      secret,
      status: DeviceStatus.ENABLED,
      printParams: DEFAULT_PRINT_PARAMS,
    });
  } catch (err) {
    // the same device registering twice at once: the other request created it
    if (!uniqueViolation(err)) throw err;
    const raced = await repo.findDeviceBySn(deps.db, req.sn);
    if (!raced) throw err;
    return issueSecret(deps, raced, app.id, model.id);
  }
  return { deviceSecret: secret };
}

async function issueSecret(
  deps: Deps,
  device: Awaited<ReturnType<typeof repo.findDeviceBySn>> & object,
  appId: number,
  modelId: number,
): Promise<{ deviceSecret: string }> {
  if (device.appId !== appId || device.modelId !== modelId) throw refused('deviceLink.deviceRefused');
  if (device.activated) throw refused('deviceLink.alreadyActivated');
  if (device.status !== DeviceStatus.ENABLED) throw refused('deviceLink.deviceRefused');
  if (device.secret) return { deviceSecret: device.secret };
  const secret = randomToken(24);
  await repo.setDeviceSecret(deps.db, device.id, secret);
  // two registrations at once: whichever secret landed is the one
  const stored = await repo.findDeviceBySn(deps.db, device.sn);
  return { deviceSecret: stored?.secret ?? secret };
}

// ── log upload ───────────────────────────────────────────────────────────

export async function receiveLog(deps: Deps, token: string, file: { fileName?: string; content: Buffer }) {
  const fileName = (file.fileName ?? '').replace(/[^\w.-]/g, '_').slice(0, 128) || `device-${Date.now()}.log`;
  const ok = await repo.fillLogSlot(deps.db, sha256(token), { fileName, content: file.content }, new Date());
  if (!ok) throw new AppError(ResultCode.NOT_FOUND, 'deviceLink.uploadInvalid');
}

// ── brokers with their own credential store ──────────────────────────────

/**
 * For an external broker that checks passwords itself (Mosquitto dynamic security): which
 * devices may connect, with which static password. The same rules as authenticateDevice apply,
 * except the certificate and clock checks, which need Herald at connect time; a device never
 * activated is provisioned while its manufacturer's licence has room, and activated by its first
 * online presence message.
 */
export async function provisioningState(
  deps: Deps,
  sns?: string | string[],
): Promise<{ sn: string; password: string | null }[]> {
  const wanted = typeof sns === 'string' ? [sns] : sns;
  const rows = await repo.listProvisionable(deps.db, wanted);
  const now = new Date();
  const room = new Map<number, Promise<boolean>>();
  const hasRoom = (manufacturerId: number) => {
    if (!room.has(manufacturerId)) room.set(manufacturerId, repo.licenceHasRoom(deps.db, manufacturerId, now));
    return room.get(manufacturerId)!;
  };
  const out = new Map<string, string | null>();
  for (const d of rows) {
    let allowed = !!d.secret && d.status === DeviceStatus.ENABLED && d.accountStatus === AccountStatus.ENABLED;
    if (allowed && !d.activated && d.manufacturerId !== null) allowed = await hasRoom(d.manufacturerId);
    // one live row per S/N; should there be two, either one letting the device in does
    if (allowed || !out.get(d.sn)) out.set(d.sn, allowed ? mqttStaticPassword(d.secret!) : null);
  }
  // asked-for S/Ns with no live row are kept out
  for (const sn of wanted ?? []) if (!out.has(sn)) out.set(sn, null);
  return [...out].map(([sn, password]) => ({ sn, password }));
}

/** One page of S/Ns to bring up to date at the broker, after row id `afterId`; `last` for the next page. */
export async function provisioningPage(deps: Deps, afterId: number, limit: number) {
  const rows = await repo.snPage(deps.db, afterId, limit);
  return { sns: [...new Set(rows.map((r) => r.sn))], last: rows.at(-1)?.id };
}
