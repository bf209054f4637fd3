import type { Deps } from '../../lib/deps';
import { observePush, raisePushAlarm } from './watch';

/**
 * The push-delay alarm weighs every acked push's latency: a few map operations on the ack's path;
 * a slow push is counted, and an alarm raised, aside (the pipeline waits for it only when it stops).
 */
export function watchPushes(deps: Deps): void {
  deps.jobEvents.on(
    'acked',
    ({ job, latencyMs, at }) => {
      const alarm = observePush(deps, job, latencyMs, at);
      return alarm && raisePushAlarm(deps, job, alarm);
    },
    'push alarm not recorded',
  );
}
