import {
  PAPER_DOTS,
  bmpHeader,
  configPayload,
  parsePayload,
  printParamsSchema,
  type ConfigMessage,
} from '@herald/contract';
import type { DeviceContext } from './context';
import { fetchAndVerify } from './fetch-file';
import type { Answer, Header, PushedMessage, ReceivedBase } from './types';

/** A push task's message: new print parameters, a message, a resource pack or a startup logo to fetch. */
export class PushConfig {
  /** push-task messages received */
  readonly messages: PushedMessage[] = [];

  constructor(private readonly ctx: DeviceContext) {}

  async onConfig(base: ReceivedBase, header: Header, raw: Buffer): Promise<void> {
    const msg = parsePayload(configPayload, raw);
    const answer = async ({ code, message }: Answer) => {
      this.ctx.record({ ...base, cmd: msg?.type, outcome: code === 'invalid' ? 'invalid' : 'executed', code });
      await this.ctx.ack(header, code, message);
    };
    if (!msg) return answer({ code: 'invalid', message: 'bad config message' });
    return answer(await this.apply(msg));
  }

  private async apply(msg: ConfigMessage): Promise<Answer> {
    const s = this.ctx.state;
    switch (msg.type) {
      case 'config': {
        const merged = printParamsSchema.safeParse({ ...s.printParams, ...msg.config });
        if (!msg.config || !merged.success) return { code: 'invalid', message: 'bad print parameters' };
        s.printParams = merged.data;
        if (msg.config.volume !== undefined) s.volume = merged.data.volume;
        return { code: 'ok' };
      }
      case 'message': {
        if (!msg.message) return { code: 'invalid', message: 'no message' };
        this.messages.push({ id: msg.id, at: Date.now(), text: msg.message });
        if (this.ctx.opts.kind === 'speaker') {
          this.ctx.said.push({ text: msg.message });
          this.ctx.events.emit('said', { text: msg.message });
        }
        return { code: 'ok' };
      }
      case 'resource': {
        if (!msg.resource) return { code: 'invalid', message: 'no resource' };
        const failure = await fetchAndVerify(this.ctx, msg.resource);
        if (failure) return { code: 'failed', message: `${failure.reason}: ${failure.message}`.slice(0, 256) };
        s.resources[msg.resource.name] = msg.resource.version;
        // the new pack version reaches Herald with the next telemetry; send it now
        void this.ctx.sendTelemetry().catch(() => {});
        return { code: 'ok' };
      }
      case 'logo':
        return this.setStartupLogo(msg.logo);
    }
  }

  /**
   * A printer keeps a monochrome BMP as its startup logo, no wider than its print head; a
   * speaker has nothing to print it on.
   */
  private async setStartupLogo(target: ConfigMessage['logo']): Promise<Answer> {
    if (this.ctx.opts.kind !== 'printer') return { code: 'unsupported', message: 'no printer to keep a logo' };
    if (!target) return { code: 'invalid', message: 'no logo' };
    let data: Buffer | undefined;
    const failure = await fetchAndVerify(this.ctx, target, undefined, (d) => (data = d));
    if (failure) return { code: 'failed', message: `${failure.reason}: ${failure.message}`.slice(0, 256) };
    const bmp = data ? bmpHeader(data) : null;
    if (!bmp || bmp.bitsPerPixel !== 1) return { code: 'invalid', message: 'not a monochrome BMP' };
    const dots = PAPER_DOTS[this.ctx.state.printParams.paperWidth];
    if (bmp.width > dots) {
      return { code: 'failed', message: `logo ${bmp.width} dots wide, the print head has ${dots}` };
    }
    this.ctx.state.startupLogo = { sha256: target.sha256, width: bmp.width, height: bmp.height };
    // Herald learns which logo the printer holds from its next telemetry; send it now
    void this.ctx.sendTelemetry().catch(() => {});
    return { code: 'ok' };
  }
}
