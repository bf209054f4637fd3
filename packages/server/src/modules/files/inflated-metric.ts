import { Counter } from 'prom-client';
import type { Deps } from '../../lib/deps';
import { metricsOf } from '../ops/metrics';

const counters = new WeakMap<Deps, Counter>();

/**
 * Bytes this server inflated while checking uploaded archives: the CPU that uploads cost, and the
 * proof that a bomb cost only its budget. Registered beside the ops metrics on first use.
 */
export function countInflated(deps: Deps, bytes: number): void {
  let c = counters.get(deps);
  if (!c) {
    c = new Counter({
      name: 'herald_upload_inflated_bytes_total',
      help: 'Bytes this process inflated while checking uploaded archives (each entry within its budget)',
      registers: [metricsOf(deps).registry],
    });
    counters.set(deps, c);
  }
  c.inc(bytes);
}
