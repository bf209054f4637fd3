import {
  PROTOCOL_VERSION,
  otaOfferPayload,
  parsePayload,
  type OtaFailureReason,
  type OtaKind,
  type OtaOffer,
  type OtaProgress,
  type OtaStep,
} from '@herald/contract';
import type { Connection } from './connection';
import { sleep, type DeviceContext } from './context';
import { fetchAndVerify } from './fetch-file';
import type { Header, ReceivedBase, UpgradeRecord } from './types';

/** Over-the-air upgrades: download → verifying → installing → rebooting onto the new version, or failed. */
export class Ota {
  /** upgrade offers taken on, in arrival order */
  readonly upgrades: UpgradeRecord[] = [];
  /** the offer id being worked on, per kind: a second offer of that kind meanwhile is 'busy' */
  private readonly upgrading = new Map<OtaKind, string>();

  constructor(
    private readonly ctx: DeviceContext,
    private readonly connection: Connection,
  ) {}

  /** An upgrade offer: ack (ok, busy, invalid), then work it in the background. */
  async onOffer(base: ReceivedBase, header: Header, raw: Buffer): Promise<void> {
    const offer = parsePayload(otaOfferPayload, raw);
    if (!offer) {
      this.ctx.record({ ...base, outcome: 'invalid', code: 'invalid' });
      return this.ctx.ack(header, 'invalid', 'bad upgrade offer');
    }
    const running = this.upgrading.get(offer.kind);
    if (running) {
      this.ctx.record({ ...base, cmd: offer.kind, outcome: 'executed', code: 'busy' });
      return this.ctx.ack(header, 'busy', `upgrade ${running} in progress`);
    }
    this.upgrading.set(offer.kind, offer.id);
    this.ctx.record({ ...base, cmd: offer.kind, outcome: 'executed', code: 'ok' });
    await this.ctx.ack(header, 'ok');
    void this.upgrade(offer);
  }

  private installed(kind: OtaKind, name: string): string | undefined {
    return kind === 'firmware' ? this.ctx.state.firmware : this.ctx.state.resources[name];
  }

  private async upgrade(offer: OtaOffer) {
    const { ctx } = this;
    const rec: UpgradeRecord = {
      id: offer.id,
      kind: offer.kind,
      name: offer.name,
      version: offer.version,
      from: this.installed(offer.kind, offer.name),
      at: Date.now(),
      steps: [],
      outcome: 'running',
    };
    this.upgrades.push(rec);
    const end = (outcome: UpgradeRecord['outcome']) => {
      rec.outcome = outcome;
      this.upgrading.delete(offer.kind);
      ctx.events.emit('upgrade', rec);
    };
    if (ctx.state.battery.state === 'low') {
      await this.progress(rec, 'failed', { reason: 'lowBattery', message: `battery at ${ctx.state.battery.level} %` });
      return end('failed');
    }
    const failure = await fetchAndVerify(ctx, offer, (step, progress) => {
      void this.progress(rec, step, progress === undefined ? {} : { progress });
    });
    if (failure) {
      await this.progress(rec, 'failed', failure);
      return end('failed');
    }
    await this.progress(rec, 'installing');
    await sleep(ctx.opts.otaInstallMs / 2);
    if (ctx.takeFault('ota-crash-install')) {
      // power lost halfway: the old image stays, the device boots on it
      end('crashed');
      return this.reboot('crash');
    }
    await sleep(ctx.opts.otaInstallMs / 2);
    await this.progress(rec, 'rebooting');
    if (offer.kind === 'firmware') ctx.state.firmware = offer.version;
    else ctx.state.resources[offer.name] = offer.version;
    end('installed');
    await this.reboot(ctx.takeFault('ota-never-returns') ? 'never' : 'orderly');
  }

  private async progress(
    rec: UpgradeRecord,
    step: OtaStep,
    extra: { progress?: number; reason?: OtaFailureReason; message?: string } = {},
  ) {
    rec.steps.push({ step, at: Date.now(), ...extra });
    const p: OtaProgress = { v: PROTOCOL_VERSION, id: rec.id, ts: Date.now(), step, ...extra };
    this.ctx.events.emit('ota', p);
    await this.ctx.send('ota', p).catch(() => {});
  }

  /**
   * After an upgrade: orderly goodbye, away for otaRebootMs, back with a boot event. 'crash': the
   * connection just drops (no goodbye). 'never': it stays away until start().
   */
  private async reboot(how: 'orderly' | 'crash' | 'never') {
    // it decides to stay down before it goes: it reads as offline from the start of its goodbye,
    // and a start() from then on (the goodbye waits for the broker) must bring it back
    if (how === 'never') this.connection.stayDown();
    if (how === 'crash') this.connection.dropConnection();
    else await this.connection.disconnect('upgrade');
    if (how === 'never') return;
    this.connection.comeBack(this.ctx.opts.otaRebootMs);
  }
}
