import {
  PROTOCOL_VERSION,
  commandParams,
  commandPayload,
  downlinkHeader,
  jobPayload,
  parsePayload,
  topics,
  type Ack,
} from '@herald/contract';
import { execute, restart, type CommandDeps } from './commands';
import { forgetOldest, type DeviceContext } from './context';
import type { Faults } from './faults';
import type { Ota } from './ota';
import type { PushConfig } from './push-config';
import type { Header, Received } from './types';

/** The parts a downlink message may be for. */
export type DownlinkDeps = CommandDeps & { faults: Faults; ota: Ota; config: PushConfig };

/**
 * Messages from Herald: each is recorded, answered once per id (a repeat only gets the same
 * answer again), refused when expired, and handed to jobs, OTA, push tasks or commands.
 */
export class Downlink {
  /** what the device received, oldest first (logLimit lines) */
  readonly received: Received[] = [];
  private readonly seen = new Map<string, Ack['code'] | null>();
  private deps: DownlinkDeps | undefined;

  constructor(private readonly ctx: DeviceContext) {}

  /** The parts are built after the context that they and this share. */
  wire(deps: DownlinkDeps): void {
    this.deps = deps;
  }

  record(r: Omit<Received, 'at'>): void {
    const line = { at: Date.now(), ...r };
    this.received.push(line);
    if (this.received.length > this.ctx.opts.logLimit) this.received.shift();
    this.ctx.events.emit('received', line);
  }

  async ack(header: Header, code: Ack['code'], message?: string, first = true, data?: Record<string, unknown>) {
    const { faults } = this.deps!;
    if (first) this.remember(header.id, code);
    if (faults.on.has('drop-ack')) return;
    if (faults.on.has('slow-ack')) await new Promise((r) => setTimeout(r, this.ctx.opts.slowAckMs));
    const ack: Ack = {
      v: PROTOCOL_VERSION,
      id: header.id,
      ts: header.ts,
      code,
      ...(message ? { message } : {}),
      ...(data ? { data } : {}),
    };
    await this.ctx.send('ack', ack).catch(() => {});
    this.ctx.events.emit('acked', ack);
  }

  private remember(id: string, code: Ack['code'] | null) {
    this.seen.set(id, code);
    forgetOldest(this.seen);
  }

  async onMessage(topic: string, raw: Buffer): Promise<void> {
    const d = this.deps!;
    const t = topics.parse(topic);
    if (!t || t.sn !== this.ctx.sn || t.dir !== 'down') return;
    const header = parsePayload(downlinkHeader, raw);
    let payload: unknown;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      payload = raw.toString('utf8');
    }
    if (!header) return this.record({ kind: t.kind, outcome: 'invalid', payload });
    const base = { kind: t.kind, id: header.id, payload };

    // lost on its way (a fault of the test): the device never saw it
    if (t.kind === 'job' && d.faults.take('drop-job')) return;
    // QoS 1 may deliver twice, and Herald sends a job again until it has the job's result: a
    // repeated id is not executed again, only answered again, a finished job with its result
    // (the first report may have been lost with a broker or a server, docs/device-protocol.md § 8)
    if (this.seen.has(header.id)) {
      const code = this.seen.get(header.id);
      this.record({ ...base, outcome: 'duplicate', code: code ?? undefined });
      if (code) await this.ack(header, code, undefined, false);
      return d.jobs.resend(header.id);
    }
    this.remember(header.id, null);

    if (Date.now() > header.expireAt) {
      this.record({ ...base, outcome: 'expired', code: 'expired' });
      return this.ack(header, 'expired', 'expired before arrival');
    }
    if (t.kind === 'job') {
      const job = parsePayload(jobPayload, raw);
      if (!job) {
        this.record({ ...base, outcome: 'invalid', code: 'invalid' });
        return this.ack(header, 'invalid', 'bad job');
      }
      this.record({ ...base, outcome: 'executed', code: 'ok' });
      return d.jobs.take(header, job);
    }
    if (t.kind === 'ota') return d.ota.onOffer(base, header, raw);
    if (t.kind === 'config') return d.config.onConfig(base, header, raw);
    if (t.kind !== 'cmd') {
      this.record({ ...base, outcome: 'unsupported', code: 'unsupported' });
      return this.ack(header, 'unsupported');
    }
    const cmd = parsePayload(commandPayload, raw);
    const params = cmd ? commandParams[cmd.cmd].safeParse(cmd.params) : undefined;
    if (!cmd || !params?.success) {
      this.record({ ...base, outcome: 'invalid', code: 'invalid' });
      return this.ack(header, 'invalid', 'bad command or parameters');
    }
    const result = await execute(d, cmd, params.data as Record<string, unknown>);
    this.record({ ...base, cmd: cmd.cmd, outcome: 'executed', code: result.code });
    await this.ack(header, result.code, result.message, true, result.data);
    if (cmd.cmd === 'restart') await restart(d);
  }
}
