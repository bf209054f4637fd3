import { EventEmitter } from 'node:events';
import { FAULTS, VirtualDevice, type DeviceOptions, type Fault } from './device';
import { registerDevice } from './register';

/**
 * `paper-out:10%` → that fault on a tenth of the devices (all of them without a percentage);
 * `ota-download-fail=3:20%` → on a fifth of them, wearing off after 3 uses (see injectFault).
 */
export type FaultSpec = { fault: Fault; share: number; count?: number };

export function parseFaultSpec(spec: string): FaultSpec {
  const m = /^([a-z-]+)(?:=(\d+))?(?::(\d+(?:\.\d+)?)%)?$/.exec(spec.trim());
  if (!m || !(FAULTS as readonly string[]).includes(m[1]!) || m[2] === '0') {
    throw new Error(`unknown fault "${spec}" (one of ${FAULTS.join(', ')}, optionally =COUNT and :N%)`);
  }
  const share = m[3] === undefined ? 1 : Number(m[3]) / 100;
  return {
    fault: m[1] as Fault,
    share: Math.min(1, Math.max(0, share)),
    ...(m[2] !== undefined ? { count: Number(m[2]) } : {}),
  };
}

export type FleetOptions = {
  mqttUrl: string;
  /** Herald's HTTP address, for registration and log uploads */
  httpUrl?: string;
  count: number;
  modelCode: string;
  snPrefix?: string;
  /** first number of the S/N sequence */
  firstNumber?: number;
  /** register each device with these application credentials (one-model-one-secret) ... */
  appKey?: string;
  appSecret?: string;
  /** ... or use these secrets, by S/N */
  secrets?: Record<string, string>;
  /**
   * called with each secret registration issued: Herald issues a device's secret once, so a
   * fleet started again must find it here (the CLI writes them to its --secrets file)
   */
  onRegistered?: (sn: string, secret: string) => void;
  kind?: 'printer' | 'speaker';
  faults?: FaultSpec[];
  /** connections opened at once while ramping up */
  rampBatch?: number;
  device?: Partial<DeviceOptions>;
  log?: (line: string) => void;
};

export const snOf = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, '0')}`;

/**
 * Many virtual devices in one process. Registration (when an application key is given) and
 * connection are spread in batches so thousands of devices do not arrive in one burst.
 */
export class Fleet extends EventEmitter {
  readonly devices: VirtualDevice[] = [];
  readonly failed: { sn: string; error: string }[] = [];

  constructor(private readonly opts: FleetOptions) {
    super();
  }

  async start(): Promise<void> {
    const o = this.opts;
    const prefix = o.snPrefix ?? 'SIM';
    const first = o.firstNumber ?? 1;
    const batch = o.rampBatch ?? 100;
    for (let i = 0; i < o.count; i += batch) {
      const sns = Array.from({ length: Math.min(batch, o.count - i) }, (_, k) => snOf(prefix, first + i + k));
      const created = await Promise.all(sns.map((sn) => this.create(sn)));
      for (const d of created) d?.start();
    }
    this.applyFaults(o.faults ?? []);
  }

  private async create(sn: string): Promise<VirtualDevice | undefined> {
    const o = this.opts;
    let secret = o.secrets?.[sn];
    if (!secret && o.appKey && o.appSecret && o.httpUrl) {
      try {
        secret = await registerDevice({
          httpUrl: o.httpUrl,
          appKey: o.appKey,
          appSecret: o.appSecret,
          modelCode: o.modelCode,
          sn,
        });
        o.onRegistered?.(sn, secret);
      } catch (err) {
        this.failed.push({ sn, error: (err as Error).message });
        o.log?.(`${sn}: registration failed: ${(err as Error).message}`);
        return undefined;
      }
    }
    if (!secret) {
      const why = o.secrets ? 'no secret for this S/N in the secrets' : 'no secret: give an application key or secrets';
      this.failed.push({ sn, error: why });
      o.log?.(`${sn}: ${why}`);
      return undefined;
    }
    const device = new VirtualDevice({ ...o.device, sn, secret, mqttUrl: o.mqttUrl, kind: o.kind ?? 'printer' });
    device.on('received', (r) => this.emit('received', device, r));
    device.on('upgrade', (u) => this.emit('upgrade', device, u));
    this.devices.push(device);
    return device;
  }

  /**
   * Switch faults on for a share of the devices (picked evenly through the fleet), or of `among`
   * only: a campaign's canary phase with a fifth of it failing, the rest healthy.
   */
  applyFaults(specs: FaultSpec[], among: VirtualDevice[] = this.devices): void {
    const n = among.length;
    for (const { fault, share, count } of specs) {
      const k = Math.round(n * share);
      for (let j = 0; j < k; j++) among[Math.floor((j * n) / k)]!.injectFault(fault, count);
    }
  }

  stats() {
    const online = this.devices.filter((d) => d.online).length;
    const received = this.devices.reduce((n, d) => n + d.received.length, 0);
    return { devices: this.devices.length, online, received, failed: this.failed.length };
  }

  async stop(): Promise<void> {
    await Promise.all(this.devices.map((d) => d.stop()));
  }
}
