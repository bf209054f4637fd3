import type { z } from 'zod';
import {
  OPEN_API_PATHS,
  ResultCode,
  isFinalJobStatus,
  type Envelope,
  type OpenDeviceView,
  type OpenJobAccepted,
  type OpenJobView,
  openCancelRequest,
  openDeviceRequest,
  openPrintRequest,
  openRecordRequest,
  openSpeakRequest,
  openTradeRequest,
} from '@herald/contract';
import { HeraldApiError, HeraldNetworkError, HeraldTimeoutError } from './errors';
import { signHeaders } from './sign';

/** What the caller passes (before the server's parsing: an amount may be a number or a string). */
export type PrintInput = z.input<typeof openPrintRequest>;
export type SpeakInput = z.input<typeof openSpeakRequest>;
export type TradeInput = z.input<typeof openTradeRequest>;
export type RecordInput = z.input<typeof openRecordRequest>;
export type DeviceInput = z.input<typeof openDeviceRequest>;
export type CancelInput = z.input<typeof openCancelRequest>;

export type HeraldClientOptions = {
  /** Herald's address, e.g. `https://herald.example.com` (may end in a reverse proxy's path prefix) */
  baseUrl: string;
  appKey: string;
  secret: string;
  /** per attempt; default 10 s */
  timeoutMs?: number;
  /** extra attempts where a retry is safe: no answer, or a server shutting down (see README); default 2 */
  retries?: number;
  /** delay before the first retry, doubled each time; default 200 ms */
  retryDelayMs?: number;
  /** language of error messages: `en_US` (default) or `zh_CN` */
  lang?: string;
  /**
   * The fetch to call (default: the global one at call time). Pass one bound to a connection
   * pool of your own, e.g. undici's `Agent({ connections })`, to cap the connections a busy
   * integration opens: without a cap, every call that finds all connections busy opens another.
   */
  fetch?: typeof fetch;
};

export type WaitOptions = {
  /** between polls; default 1 s (each poll is a signed call, and Herald keeps a request record of it) */
  intervalMs?: number;
  /**
   * give up with a HeraldTimeoutError after this long; default: until the job's own `expireAt`
   * and a grace period, by when Herald has ended it (5 timeout) if the device never finished it
   */
  timeoutMs?: number;
  /** called with every record seen, e.g. to print progress */
  onStatus?: (job: OpenJobView) => void;
};

type Call = { path: string; body: unknown; retryable: boolean };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A refusal asking for a longer wait than this is handed to the caller instead of waited out. */
const RETRY_AFTER_MAX_MS = 30_000;

/** Retry-After in seconds (what Herald sends) as ms; absent or unreadable, the client's own back-off decides. */
function retryAfterMs(headers: Headers): number {
  const sec = Number(headers.get('retry-after'));
  return Number.isFinite(sec) && sec >= 0 ? sec * 1000 : 0;
}

/** Herald's sweep ends an expired job within about a second; allow for clocks and a busy server. */
const EXPIRY_GRACE_MS = 15_000;

/**
 * A client for Herald's signed open API (docs/open-api.md). Every call is a signed JSON POST;
 * answers are Herald's envelope, unwrapped: the data on 20000, a HeraldApiError otherwise.
 *
 * Retries happen when no answer arrived (network error or timeout), only where repeating the
 * request cannot do anything twice: record and device always; print, speak and trade only with an
 * `orderId` (Herald answers a repeat of the same request under the same order id with the job it
 * already created, so a repeat cannot print twice). A server shutting down (50003) refuses before
 * doing anything: every call is repeated after its Retry-After.
 * Every attempt is signed afresh (new timestamp and nonce).
 */
export class HeraldClient {
  private readonly base: URL;
  private readonly opts: Required<Omit<HeraldClientOptions, 'baseUrl'>>;

  constructor(options: HeraldClientOptions) {
    if (!options.appKey || !options.secret) throw new Error('HeraldClient needs appKey and secret');
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.opts = {
      timeoutMs: 10_000,
      retries: 2,
      retryDelayMs: 200,
      lang: 'en_US',
      ...options,
      fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    };
  }

  /** Print a receipt: a template, a print business, or receiptline markup in `content`. */
  print(input: PrintInput): Promise<OpenJobAccepted> {
    return this.job(OPEN_API_PATHS.print, input);
  }

  /** Speak free text, clips of the device's language pack, or a broadcast business. */
  speak(input: SpeakInput): Promise<OpenJobAccepted> {
    return this.job(OPEN_API_PATHS.speak, input);
  }

  /** Transaction broadcast: Herald turns the amount into the device language's clips. */
  trade(input: TradeInput): Promise<OpenJobAccepted> {
    return this.job(OPEN_API_PATHS.trade, input);
  }

  /** A job's record, by order id or job id. */
  record(input: RecordInput): Promise<OpenJobView> {
    return this.call<OpenJobView>({ path: OPEN_API_PATHS.record, body: input, retryable: true });
  }

  /**
   * Cancel a job still waiting (status 0 or 1), by order id or job id: it ends as 4 with reason
   * `cancelled` and never prints (the device drops it if it holds it). Cancelling it again answers
   * the same, so a retry is safe; a job that has printed or ended otherwise is refused (40009).
   */
  cancel(input: CancelInput): Promise<OpenJobView> {
    return this.call<OpenJobView>({ path: OPEN_API_PATHS.cancel, body: input, retryable: true });
  }

  /** A device's status: online, paused, muted, printer state, battery. */
  device(input: DeviceInput): Promise<OpenDeviceView> {
    return this.call<OpenDeviceView>({ path: OPEN_API_PATHS.device, body: input, retryable: true });
  }

  /**
   * Poll the record until the job is final (3 success, 4 failed, 5 timeout) and return it. A job
   * always becomes final: at the latest Herald ends it at its `expireAt` (the open API's
   * `expireSeconds`, 300 s by default), so by default this waits that long and a little more.
   */
  async waitForFinal(input: RecordInput, opts: WaitOptions = {}): Promise<OpenJobView> {
    const interval = opts.intervalMs ?? 1_000;
    const started = Date.now();
    for (;;) {
      const job = await this.record(input);
      opts.onStatus?.(job);
      if (isFinalJobStatus(job.status)) return job;
      const deadline =
        opts.timeoutMs !== undefined ? started + opts.timeoutMs : Date.parse(job.expireAt) + EXPIRY_GRACE_MS;
      if (Date.now() + interval > deadline) throw new HeraldTimeoutError(job, Date.now() - started);
      await sleep(interval);
    }
  }

  private job(path: string, input: { orderId?: string }): Promise<OpenJobAccepted> {
    // Herald answers a repeat of the same request under the same order id with the job it already
    // created, so only a call with an order id may be repeated after a lost answer.
    return this.call<OpenJobAccepted>({ path, body: input, retryable: input.orderId !== undefined });
  }

  private async call<T>({ path, body, retryable }: Call): Promise<T> {
    const url = new URL(path.replace(/^\//, ''), this.base);
    const bytes = Buffer.from(JSON.stringify(body), 'utf8');
    const retries = Math.max(0, this.opts.retries);
    let lastError: unknown;
    let attempt = 0;
    let wait = 0;
    for (;;) {
      attempt++;
      if (wait > 0) await sleep(wait);
      const backoff = this.opts.retryDelayMs * 2 ** (attempt - 1);
      let res: Response;
      let text: string;
      try {
        res = await this.opts.fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            lang: this.opts.lang,
            ...signHeaders({
              appKey: this.opts.appKey,
              secret: this.opts.secret,
              method: 'POST',
              // the path Herald routes on: a reverse proxy's prefix is not part of it
              path,
              body: bytes,
            }),
          },
          body: bytes,
          signal: AbortSignal.timeout(this.opts.timeoutMs),
        });
        // a connection that drops (or times out) while the body arrives is as unanswered as one refused
        text = await res.text();
      } catch (err) {
        lastError = err;
        if (retryable && attempt <= retries) {
          wait = backoff;
          continue;
        }
        break;
      }
      const answer = this.unwrap<T>(res.status, text);
      if (!(answer instanceof HeraldApiError)) return answer;
      // a server shutting down refuses before doing anything, so any call may be repeated; behind a
      // load balancer the repeat reaches another node
      const after = answer.code === ResultCode.SERVICE_UNAVAILABLE ? retryAfterMs(res.headers) : undefined;
      if (after === undefined || after > RETRY_AFTER_MAX_MS || attempt > retries) throw answer;
      wait = Math.max(after, backoff);
    }
    const reason = lastError instanceof Error ? lastError.message : String(lastError);
    throw new HeraldNetworkError(`${path}: no answer after ${attempt} attempt(s): ${reason}`, attempt, {
      cause: lastError,
    });
  }

  private unwrap<T>(httpStatus: number, text: string): T | HeraldApiError {
    let env: Partial<Envelope<T>>;
    try {
      env = JSON.parse(text) as Partial<Envelope<T>>;
    } catch {
      return new HeraldApiError(0, `not a Herald answer (HTTP ${httpStatus}): ${text.slice(0, 200)}`, httpStatus);
    }
    if (env.code === ResultCode.SUCCESS) return env.data as T;
    return new HeraldApiError(env.code ?? 0, env.message ?? `HTTP ${httpStatus}`, httpStatus, env.data);
  }
}
