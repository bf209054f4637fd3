import { randomUUID } from 'node:crypto';
import {
  BusinessType,
  DeviceStatus,
  OPEN_API,
  ResultCode,
  SPEAK_LANGUAGES,
  TEMPLATE_COMMANDS,
  type JobKind,
  type OpenDeviceView,
  type OpenJobAccepted,
  type OpenJobView,
  type OpenPrintRequest,
  type OpenSpeakRequest,
  type OpenTradeRequest,
  type PaymentType,
  type PRINT_LANGUAGES,
  type SpeakLanguage,
  type TemplateCommand,
  type TradeSpeakSetting,
} from '@herald/contract';
import type { Deps } from '../../lib/deps';
import type { Invalidation } from '../../lib/invalidation';
import { AppError, conflict, invalid } from '../../lib/errors';
import { isoOrNull } from '../../lib/filters';
import { findJobBusiness } from '../businesses/repo';
import { findPrintTemplate, type PrintTemplate } from '../templates/repo';
import { fill, printerOf } from '../templates/render';
import { renderedOrRefused } from '../templates/refused';
import { clipExists, composeTradeBroadcast } from '../trade-speak/compose';
import { savedTradeSpeakSetting } from '../trade-speak/service';
import { invalidatedCache, type TtlCache } from '../../lib/ttl-cache';
import { dispatch } from './pipeline';
import { withinRateLimit, type InsertJob } from './rate-limit';
import * as repo from './repo';
import { toJobView } from './view';
import { writeQueue } from './write-queue';

/**
 * Creating jobs: the open API and the console's speak test call these. Each one checks the
 * device and the content, stores the job (status 0) and hands it to the dispatcher; the answer
 * never waits for the device.
 *
 * Order ids: unique per account. A retry with the same order id and the same request (same kind,
 * same body) gets the existing job back instead of 'Requested order ID already exists', so an
 * integrator whose connection dropped can safely send again; anything else with that order id
 * is refused.
 */

export type JobSource = 'api' | 'console';
export type { ApiCall } from './repo';
/** Where a job comes from; open API calls also carry their general request record's context. */
export type SubmitOptions = { source: JobSource; api?: repo.ApiCall } | JobSource;
const optionsOf = (o: SubmitOptions) => (typeof o === 'string' ? { source: o } : o);

const CACHE_MS = 3_000;
export type PrintCaches = {
  templates: TtlCache<string, PrintTemplate | undefined>;
  trade: TtlCache<number, TradeSpeakSetting | null>;
};
/** Templates and broadcast settings the pipeline reads, for a few seconds (a field of Deps). */
export const newPrintCaches = (invalidation: Invalidation): PrintCaches => ({
  templates: invalidatedCache(invalidation, CACHE_MS, { template: (key) => key }),
  trade: invalidatedCache(invalidation, CACHE_MS, { tradeSettings: Number }),
});
const cache = (deps: Deps): PrintCaches => deps.printCaches;

/** The account's transaction broadcast settings (null: none saved), cached for a few seconds. */
export const tradeSettings = (deps: Deps, accountId: number) =>
  cache(deps).trade.get(accountId, () => savedTradeSpeakSetting(deps.db, accountId));

const snInvalid = () => invalid('error.snInvalid', 'sn');
const isSpeaker = (modelType: string) => modelType === 'speaker' || modelType === 'broadcast';

/** The device, if this account may send it a job of this kind. */
async function targetDevice(
  deps: Deps,
  accountId: number,
  sn: string,
  kind: JobKind,
  onlineOnly: boolean | undefined,
  options?: SubmitOptions,
): Promise<repo.TargetDevice> {
  // read fresh for every request (batched with others): a disabled or deleted device must
  // refuse the very next job, which a cache of even a few hundred ms would not. An open API
  // call's admission read it already (open-api/admission.ts) when its body named this S/N.
  const looked = options === undefined ? undefined : optionsOf(options).api?.device;
  const device = await (looked?.sn === sn ? looked.found : writeQueue(deps).devices.add({ accountId, sn }));
  if (!device) throw snInvalid();
  if (device.status !== DeviceStatus.ENABLED) throw conflict('error.deviceDisabled', 'sn');
  if (kind === 'print' && device.modelType !== 'printer') {
    throw new AppError(ResultCode.DEVICE_UNSUITABLE, 'error.notPrinter');
  }
  if (kind !== 'print' && !isSpeaker(device.modelType)) {
    throw new AppError(ResultCode.DEVICE_UNSUITABLE, 'error.notSpeaker');
  }
  if (onlineOnly && !device.online) throw new AppError(ResultCode.DEVICE_OFFLINE, 'error.deviceNotOnline');
  return device;
}

const expiry = (now: number, seconds: number | undefined) =>
  new Date(now + (seconds ?? OPEN_API.defaultExpirySeconds) * 1000);

/**
 * The same request, as JSON values: the stored copy comes back from a jsonb column, which keeps
 * an object's keys in an order of its own (shorter keys first), not in the caller's.
 */
const sameRequest = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const canonicalJson = (v: unknown) =>
  JSON.stringify(v, (_key, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );

/** Store, then dispatch when the device can take it now. */
export async function store(
  deps: Deps,
  device: repo.TargetDevice,
  job: repo.NewJob,
  options: SubmitOptions,
  insert: InsertJob = (item) => writeQueue(deps).jobs.add(item),
): Promise<OpenJobAccepted> {
  const opts = optionsOf(options);
  // a replayed call stops here, before its job is written
  await opts.api?.admitted;
  // null: the account already has a job with this order id
  const row = await insert({ job, api: opts.api });
  if (!row) {
    if (!job.orderId) throw new Error('job insert conflicted without an order id');
    const existing = await repo.findJobByOrder(deps.db, job.accountId, job.orderId);
    if (existing && existing.kind === job.kind && sameRequest(existing.request, job.request)) return accepted(existing);
    throw conflict('error.orderExists', 'orderId');
  }
  if (opts.api) opts.api.recorded = true;
  if (device.online && !device.paused) void dispatch(deps, device, row);
  return accepted(row);
}

const accepted = (row: repo.JobRow): OpenJobAccepted => ({
  jobId: row.id,
  msgId: row.msgId,
  orderId: row.orderId,
  status: row.status,
});

function baseJob(
  device: repo.TargetDevice,
  accountId: number,
  kind: JobKind,
  source: JobSource,
  now: number,
  input: { orderId?: string; expireSeconds?: number },
) {
  return {
    msgId: randomUUID(),
    accountId,
    deviceId: device.id,
    sn: device.sn,
    kind,
    source,
    orderId: input.orderId ?? null,
    requestedAt: new Date(now),
    expireAt: expiry(now, input.expireSeconds),
  };
}

function missingParam(names: string[]): AppError {
  return new AppError(
    ResultCode.VALIDATION_FAILED,
    'error.templateParamMissing',
    names.map((n) => ({ field: `params.${n}`, message: 'error.templateParamMissing' })),
  );
}

/** Print: a template, a print business's template, or raw receiptline markup, rendered for this device. */
async function printJob(
  deps: Deps,
  accountId: number,
  input: OpenPrintRequest,
  opts: SubmitOptions,
): Promise<OpenJobAccepted> {
  const now = Date.now();
  const device = await targetDevice(deps, accountId, input.sn, 'print', input.onlineOnly, opts);
  return withinRateLimit(deps, device, now, (insert) => printFor(deps, accountId, device, now, input, opts, insert));
}

async function printFor(
  deps: Deps,
  accountId: number,
  device: repo.TargetDevice,
  now: number,
  input: OpenPrintRequest,
  opts: SubmitOptions,
  insert: InsertJob,
): Promise<OpenJobAccepted> {
  let body: string;
  let command: TemplateCommand = 'escpos';
  let templateId: number | null = null;
  let businessId: number | null = null;
  const loadTemplate = (id: number) =>
    cache(deps).templates.get(`${accountId}:${id}`, () => findPrintTemplate(deps.db, accountId, id));
  if (input.content !== undefined) {
    body = input.content;
  } else {
    if (input.businessId !== undefined) {
      const business = await findJobBusiness(deps.db, accountId, input.businessId);
      if (!business || business.type !== BusinessType.PRINT || business.templateId === null) {
        throw invalid('error.businessInvalid', 'businessId');
      }
      businessId = business.id;
      templateId = business.templateId;
    } else {
      templateId = input.templateId!;
    }
    const template = await loadTemplate(templateId);
    if (!template)
      throw invalid(
        businessId ? 'error.businessInvalid' : 'error.templateInvalid',
        businessId ? 'businessId' : 'templateId',
      );
    // written for one model, its commands and layout are that model's: another printer is refused
    if (template.modelId !== null && template.modelId !== device.modelId)
      throw invalid('error.templateOtherModel', businessId ? 'businessId' : 'templateId');
    body = template.body;
    if ((TEMPLATE_COMMANDS as readonly string[]).includes(template.command))
      command = template.command as TemplateCommand;
  }

  const { markup, missing } = fill(body, input.params ?? {});
  if (missing.length > 0) throw missingParam(missing);
  const target = {
    paperWidth: device.printParams.paperWidth === 80 ? 80 : 58,
    language: (device.printParams.language as (typeof PRINT_LANGUAGES)[number] | undefined) ?? 'zh_CN',
    command,
    cut: device.printParams.autoCut !== false,
  } as const;
  const data = await renderedOrRefused(
    deps.renderer.commands(markup, printerOf(target)),
    input.content !== undefined ? 'content' : 'templateId',
  );
  const copies = input.copies ?? 1;
  return store(
    deps,
    device,
    {
      ...baseJob(device, accountId, 'print', optionsOf(opts).source, now, input),
      businessId,
      templateId,
      payload: { type: 'print', data, format: command, copies },
      request: input,
      copies,
    },
    opts,
    insert,
  );
}

/** Plain-text placeholder filling for voice content ({{name}}; no receipt markup involved). */
function fillText(body: string, params: Record<string, string | number>): string {
  const missing: string[] = [];
  const text = body.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,31})\s*\}\}/g, (_, name: string) => {
    const v = Object.hasOwn(params, name) ? params[name] : undefined;
    if (v === undefined) {
      if (!missing.includes(name)) missing.push(name);
      return '';
    }
    return String(v);
  });
  if (missing.length > 0) throw missingParam(missing);
  return text.trim();
}

const speakLanguage = (l: string | undefined): SpeakLanguage =>
  (SPEAK_LANGUAGES as readonly string[]).includes(l ?? '') ? (l as SpeakLanguage) : 'zh_CN';

/** Speak: free text, clips of the account's voice pack, or a broadcast/notification business's text. */
async function speakJob(
  deps: Deps,
  accountId: number,
  input: OpenSpeakRequest,
  opts: SubmitOptions,
): Promise<OpenJobAccepted> {
  const now = Date.now();
  const device = await targetDevice(deps, accountId, input.sn, 'speak', input.onlineOnly, opts);
  const settings = await tradeSettings(deps, accountId);
  const language = speakLanguage(settings?.language);
  let businessId: number | null = null;
  const payload: Record<string, unknown> = { type: 'speak' };
  if (input.clips) {
    const missing = input.clips.findIndex((c) => !clipExists(language, c));
    if (missing >= 0) throw invalid('error.voiceFileMissing', `clips.${missing}`);
    payload.clips = input.clips;
    payload.language = language;
  } else if (input.businessId !== undefined) {
    const business = await findJobBusiness(deps.db, accountId, input.businessId);
    if (!business || business.type === BusinessType.PRINT || !business.voiceContent) {
      throw invalid('error.businessInvalid', 'businessId');
    }
    businessId = business.id;
    const text = fillText(business.voiceContent, input.params ?? {});
    if (!text) throw invalid('error.speakContentRequired', 'params');
    // by characters, not UTF-16 units: half an emoji is text the database refuses
    payload.text = Array.from(text).slice(0, OPEN_API.speakTextMax).join('');
  } else {
    payload.text = input.text;
  }
  if (input.volume !== undefined) payload.volume = input.volume;
  return store(
    deps,
    device,
    {
      ...baseJob(device, accountId, 'speak', optionsOf(opts).source, now, input),
      businessId,
      templateId: null,
      payload,
      request: input,
      copies: 1,
    },
    opts,
  );
}

/** Transaction broadcast: the amount read out as clips of the chosen (or the account's) language. */
async function tradeJob(
  deps: Deps,
  accountId: number,
  input: OpenTradeRequest,
  opts: SubmitOptions,
): Promise<OpenJobAccepted> {
  const now = Date.now();
  const device = await targetDevice(deps, accountId, input.sn, 'trade', input.onlineOnly, opts);
  const settings = await tradeSettings(deps, accountId);
  if (settings && (!settings.enabled || !settings.paymentTypes.includes(input.paymentType))) {
    throw invalid('error.paymentTypeSilent', 'paymentType');
  }
  const language = input.language ?? speakLanguage(settings?.language);
  const clips = composeTradeBroadcast({
    language,
    amount: input.amount,
    currency: input.currency,
    paymentType: input.paymentType as PaymentType,
    prefix: settings?.prefix ?? 'received',
  });
  const payload: Record<string, unknown> = { type: 'speak', clips, language };
  if (settings) payload.volume = settings.volume;
  return store(
    deps,
    device,
    {
      ...baseJob(device, accountId, 'trade', optionsOf(opts).source, now, input),
      businessId: null,
      templateId: null,
      payload,
      request: input,
      copies: 1,
      amount: input.amount,
      currency: input.currency,
      paymentType: input.paymentType,
      language,
    },
    opts,
  );
}

/**
 * A finished job sent again as a new job (the console's reprint): the same content as the device
 * got it (a receipt is not rendered again), to the same device if it may still take it, with a
 * new message id and the default expiry. A print counts against the printer's rate limit.
 */
export async function resubmit(deps: Deps, old: repo.JobRow): Promise<OpenJobAccepted> {
  const now = Date.now();
  const kind = old.kind as JobKind;
  const device = await targetDevice(deps, old.accountId, old.sn, kind, false);
  const job: repo.NewJob = {
    ...baseJob(device, old.accountId, kind, 'console', now, {}),
    businessId: old.businessId,
    templateId: old.templateId,
    payload: old.payload as object,
    request: (old.request ?? {}) as object,
    copies: old.copies,
    amount: old.amount,
    currency: old.currency,
    paymentType: old.paymentType,
    language: old.language,
  };
  if (kind !== 'print') return store(deps, device, job, 'console');
  return withinRateLimit(deps, device, now, (insert) => store(deps, device, job, 'console', insert));
}

/**
 * A resend of an accepted call gets its job back even when the call would be refused now: the
 * first one may have used up the device's rate limit, or the device may have gone offline or
 * been disabled since. So when a call with an order id is refused, an earlier job with that
 * order id and the same request answers instead (only then is it looked up: a refusal is rare,
 * a read on every call would not be).
 */
async function resent<T extends { orderId?: string }>(
  deps: Deps,
  accountId: number,
  kind: JobKind,
  input: T,
  opts: SubmitOptions,
  submit: () => Promise<OpenJobAccepted>,
): Promise<OpenJobAccepted> {
  try {
    return await submit();
  } catch (err) {
    if (!input.orderId || !(err instanceof AppError) || err.messageKey === 'error.orderExists') throw err;
    // a replayed call (nonce used before) is answered as such, never with the job
    await optionsOf(opts).api?.admitted;
    const existing = await repo.findJobByOrder(deps.db, accountId, input.orderId);
    if (existing && existing.kind === kind && sameRequest(existing.request, input)) return accepted(existing);
    throw err;
  }
}

export const submitPrint = (deps: Deps, accountId: number, input: OpenPrintRequest, opts: SubmitOptions) =>
  resent(deps, accountId, 'print', input, opts, () => printJob(deps, accountId, input, opts));
export const submitSpeak = (deps: Deps, accountId: number, input: OpenSpeakRequest, opts: SubmitOptions) =>
  resent(deps, accountId, 'speak', input, opts, () => speakJob(deps, accountId, input, opts));
export const submitTrade = (deps: Deps, accountId: number, input: OpenTradeRequest, opts: SubmitOptions) =>
  resent(deps, accountId, 'trade', input, opts, () => tradeJob(deps, accountId, input, opts));

/** Any of the three by kind (the console's speak test sends 'speak' or 'trade'). */
export function submitJob(
  deps: Deps,
  accountId: number,
  input:
    | { kind: 'print'; request: OpenPrintRequest }
    | { kind: 'speak'; request: OpenSpeakRequest }
    | { kind: 'trade'; request: OpenTradeRequest },
  opts: SubmitOptions,
): Promise<OpenJobAccepted> {
  switch (input.kind) {
    case 'print':
      return submitPrint(deps, accountId, input.request, opts);
    case 'speak':
      return submitSpeak(deps, accountId, input.request, opts);
    case 'trade':
      return submitTrade(deps, accountId, input.request, opts);
  }
}

/** A job of this account by order id or job id ('The requested record does not exist' otherwise). */
export async function findJob(
  deps: Deps,
  accountId: number,
  q: { orderId?: string; jobId?: number },
): Promise<OpenJobView> {
  const row =
    q.orderId !== undefined
      ? await repo.findJobByOrder(deps.db, accountId, q.orderId)
      : await repo.findJobById(deps.db, accountId, q.jobId!);
  if (!row) throw new AppError(ResultCode.NOT_FOUND, 'error.notFound');
  return toJobView(row);
}

/** A device of this account as the open API shows it. */
export async function deviceView(deps: Deps, accountId: number, sn: string): Promise<OpenDeviceView> {
  const d = await repo.findDevice(deps.db, accountId, sn);
  if (!d) throw snInvalid();
  const t = d.telemetry ?? {};
  const printer = t.printer as { state?: OpenDeviceView['printerState'] } | undefined;
  const battery = t.battery as OpenDeviceView['battery'] | undefined;
  return {
    sn: d.sn,
    online: d.online,
    status: d.status,
    paused: d.paused,
    muted: d.mutedUntil !== null && d.mutedUntil.getTime() > Date.now(),
    printerState: printer?.state ?? null,
    battery: battery ?? null,
    firmware: d.firmwareVersion,
    lastOnlineAt: isoOrNull(d.lastOnlineAt),
    lastOfflineAt: isoOrNull(d.lastOfflineAt),
  };
}
