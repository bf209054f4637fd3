import { PROTOCOL_VERSION, type JobMessage, type JobResult } from '@herald/contract';
import { PRINT_ENCODINGS, decodeEscPos } from '../escpos';
import { forgetOldest, type DeviceContext } from './context';
import type { Header, Said } from './types';

type Outcome = Pick<JobResult, 'status' | 'reason' | 'message'>;

/**
 * Print and play jobs: acked on arrival, worked in order (held while paused), each reported
 * with a result that is kept to answer Herald again when it sends the job again or cancels it.
 */
export class Jobs {
  /** results reported, in order */
  readonly results: JobResult[] = [];
  private readonly decoded: string[] = [];
  private readonly undecoded: { bytes: Buffer; encoding: string; copies: number }[] = [];
  /** the result reported per job id, sent again when Herald sends the job again (as many as `seen`) */
  private readonly reported = new Map<string, JobResult>();
  /** jobs acked and waiting to be printed/played, in arrival order */
  private readonly queue: JobMessage[] = [];
  /** the job being printed or played now (taken off the queue, not reported yet) */
  private current: JobMessage | undefined;
  /** ids Herald cancelled that were not done: dropped if still waiting, or if they arrive later */
  private readonly cancelled = new Set<string>();
  private working = false;

  constructor(private readonly ctx: DeviceContext) {}

  /**
   * Receipts printed, decoded from the ESC/POS they arrived as (one entry per copy). Decoded
   * when read: a bench fleet prints thousands a second and never looks (decoding was ~12 % of
   * its CPU), while tests read what they need.
   */
  get printed(): readonly string[] {
    for (const p of this.undecoded.splice(0)) {
      const text = decodeEscPos(p.bytes, p.encoding);
      for (let c = 0; c < p.copies; c++) this.decoded.push(text);
    }
    return this.decoded;
  }

  get queued(): number {
    return this.queue.length;
  }

  /** A job arrived (valid, not a repeat): ack it, then print or play it in its turn. */
  async take(header: Header, job: JobMessage): Promise<void> {
    // cancelled before it arrived: taken, and reported cancelled without printing
    if (this.cancelled.has(job.id)) {
      await this.ctx.ack(header, 'ok');
      return this.report(job, { status: 'failed', reason: 'cancelled' });
    }
    this.queue.push(job);
    await this.ctx.ack(header, 'ok');
    return this.work();
  }

  /** A repeated job id: its result again, if it has one (the first may have been lost). */
  async resend(id: string): Promise<void> {
    const done = this.reported.get(id);
    if (done && !this.ctx.takeFault('drop-result')) await this.ctx.send('result', done).catch(() => {});
  }

  /**
   * Herald's cancel (docs/device-protocol.md): a job still waiting, or being worked on and not
   * finished, is dropped and reported cancelled (after the ack); one already done stays done, and
   * its result is sent again (Herald cancelled it not knowing: its result may still be on the way).
   */
  cancel(id: string): 'dropped' | 'unknown' | 'done' {
    const done = this.reported.get(id);
    if (done) {
      setImmediate(
        () => void (this.ctx.takeFault('drop-result') ? undefined : this.ctx.send('result', done).catch(() => {})),
      );
      return 'done';
    }
    this.cancelled.add(id);
    forgetOldest(this.cancelled);
    if (this.current?.id === id) return 'dropped';
    const i = this.queue.findIndex((j) => j.id === id);
    if (i < 0) return 'unknown';
    const [job] = this.queue.splice(i, 1);
    setImmediate(() => void this.report(job!, { status: 'failed', reason: 'cancelled' }));
    return 'dropped';
  }

  async work(): Promise<void> {
    if (this.working) return;
    this.working = true;
    try {
      while (this.queue.length > 0 && !this.ctx.state.paused) {
        const job = this.queue.shift()!;
        this.current = job;
        await new Promise((r) => setTimeout(r, this.ctx.opts.printDelayMs));
        this.current = undefined;
        const cancelled = this.cancelled.has(job.id);
        await this.report(job, cancelled ? { status: 'failed', reason: 'cancelled' } : this.perform(job));
      }
    } finally {
      this.working = false;
    }
  }

  /** Print or play one job; a printer fault or mute makes it fail with that reason. */
  private perform(job: JobMessage): Outcome {
    const { state, opts, events } = this.ctx;
    if (Date.now() > job.expireAt) return { status: 'failed', reason: 'expired' };
    if (job.type === 'print') {
      if (opts.kind !== 'printer') return { status: 'failed', reason: 'invalid', message: 'not a printer' };
      const s = state.printerState;
      if (s !== 'normal') return { status: 'failed', reason: s === 'otherException' ? 'printerError' : s };
      const bytes = Buffer.from(job.data ?? '', 'base64');
      // the encoding of the moment it printed (its print language may change later)
      const encoding = PRINT_ENCODINGS[state.printParams.language] ?? 'gb18030';
      this.undecoded.push({ bytes, encoding, copies: job.copies ?? 1 });
      if (events.listenerCount('printed') > 0) events.emit('printed', decodeEscPos(bytes, encoding));
      return { status: 'success' };
    }
    if (state.muted && (state.mutedUntil === null || Date.now() < state.mutedUntil)) {
      return { status: 'failed', reason: 'muted' };
    }
    const said: Said = {
      ...(job.text !== undefined ? { text: job.text } : {}),
      ...(job.clips !== undefined ? { clips: job.clips } : {}),
      ...(job.language !== undefined ? { language: job.language } : {}),
      ...(job.volume !== undefined ? { volume: job.volume } : {}),
    };
    this.ctx.said.push(said);
    events.emit('said', said);
    return { status: 'success' };
  }

  private async report(job: JobMessage, outcome: Outcome) {
    const result: JobResult = { v: PROTOCOL_VERSION, id: job.id, ts: job.ts, ...outcome };
    this.results.push(result);
    this.reported.set(job.id, result);
    forgetOldest(this.reported);
    if (!this.ctx.takeFault('drop-result')) await this.ctx.send('result', result).catch(() => {});
    this.ctx.events.emit('result', result);
  }
}
