import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { JobEvents, type JobEventMap } from './events';

type Row = JobEventMap['accepted'];
const job = (id: number, status = 0) => ({ id, accountId: 1, deviceId: 2, kind: 'print', status }) as unknown as Row;

/** A logger that keeps what was logged as errors. */
function logger() {
  const errors: string[] = [];
  const log = { error: (_o: unknown, msg: string) => errors.push(msg) } as unknown as FastifyBaseLogger;
  return { log, errors };
}

describe('JobEvents', () => {
  it('tells the listeners of an event, in the order they listened, and no others', () => {
    const events = new JobEvents(logger().log);
    const heard: string[] = [];
    events.on('changed', (j) => void heard.push(`counts ${j.id}`));
    events.on('accepted', (j) => void heard.push(`accepted ${j.id}`));
    events.on('changed', (j) => void heard.push(`webhooks ${j.id}`));
    events.emit('changed', job(7, 3));
    expect(heard).toEqual(['counts 7', 'webhooks 7']);
  });

  it('a listener that throws or rejects is logged under its name and stops nothing else', async () => {
    const { log, errors } = logger();
    const events = new JobEvents(log);
    const heard: number[] = [];
    events.on('changed', () => {
      throw new Error('boom');
    });
    events.on('changed', () => Promise.reject(new Error('later')), 'webhook not queued');
    events.on('changed', (j) => void heard.push(j.id));
    events.emit('changed', job(1));
    expect(heard).toEqual([1]);
    await events.idle();
    expect(errors).toEqual(['job event changed: a listener failed', 'webhook not queued']);
  });

  it('idle waits for the work listeners started, including work started meanwhile', async () => {
    const events = new JobEvents(logger().log);
    const done: number[] = [];
    const later = (ms: number, id: number) => new Promise<void>((r) => setTimeout(() => (done.push(id), r()), ms));
    events.on('acked', ({ job: j }) =>
      later(20, j.id).then(() => j.id === 1 && events.emit('acked', { job: job(2), latencyMs: 5, at: 0 })),
    );
    events.emit('acked', { job: job(1), latencyMs: 5, at: 0 });
    expect(events.busy).toBe(true);
    await events.idle();
    expect(done).toEqual([1, 2]);
    expect(events.busy).toBe(false);
  });

  it('a listener that stopped listening hears nothing more', () => {
    const events = new JobEvents(logger().log);
    const heard: number[] = [];
    const stop = events.on('accepted', (j) => void heard.push(j.id));
    events.emit('accepted', job(1));
    stop();
    events.emit('accepted', job(2));
    expect(heard).toEqual([1]);
  });
});
