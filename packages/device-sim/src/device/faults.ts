import type { DeviceContext } from './context';
import type { Fault } from './types';

/** Faults that wear off by themselves after one use unless a count says otherwise (a flaky network). */
const TRANSIENT_BY_DEFAULT: readonly Fault[] = ['ota-download-fail'];

/** The faults switched on, and how the printer and battery look because of them. */
export class Faults {
  readonly on = new Set<Fault>();
  /** uses left of a counted fault (absent: on until cleared) */
  readonly counts = new Map<Fault, number>();

  constructor(private readonly ctx: DeviceContext) {}

  inject(fault: Fault, count?: number): void {
    this.on.add(fault);
    const n = count ?? (TRANSIENT_BY_DEFAULT.includes(fault) ? 1 : undefined);
    if (n !== undefined) this.counts.set(fault, n);
    else this.counts.delete(fault);
    this.apply();
  }

  clear(fault: Fault): void {
    this.on.delete(fault);
    this.counts.delete(fault);
    this.apply();
  }

  take(fault: Fault): boolean {
    if (!this.on.has(fault)) return false;
    const left = this.counts.get(fault);
    if (left !== undefined) {
      if (left <= 1) this.clear(fault);
      else this.counts.set(fault, left - 1);
    }
    return true;
  }

  /** The printer state and battery follow the faults; Herald hears of each change. */
  private apply() {
    const { state, opts } = this.ctx;
    const before = state.printerState;
    state.printerState = this.on.has('paper-out')
      ? 'outOfPaper'
      : this.on.has('cover-open')
        ? 'coverOpen'
        : this.on.has('overheating')
          ? 'overheating'
          : 'normal';
    if (opts.kind === 'printer' && before !== state.printerState) {
      this.ctx.sendStateEvent({ type: 'printerState', printerState: state.printerState });
    }
    const low = this.on.has('low-battery');
    if (low && state.battery.state !== 'low') {
      state.battery = { level: 8, state: 'low' };
      this.ctx.sendStateEvent({ type: 'battery', battery: state.battery });
    } else if (!low && state.battery.state === 'low') {
      state.battery = { level: 90, state: 'sufficient' };
      this.ctx.sendStateEvent({ type: 'battery', battery: state.battery });
    }
  }
}
