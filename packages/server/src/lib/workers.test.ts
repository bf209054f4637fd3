import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startWorkers, type Worker } from './workers';

/** A logger whose lines the test reads (JSON objects). */
function logInto(lines: Record<string, unknown>[]) {
  return pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('startWorkers', () => {
  it('runs each worker on its own interval, first after firstAfterMs, and logs a failed round under its name', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const lines: Record<string, unknown>[] = [];
    const rounds: string[] = [];
    const workers: Worker[] = [
      { name: 'often', everyMs: 100, round: async () => void rounds.push('often') },
      { name: 'soon', everyMs: 1_000, firstAfterMs: 10, round: async () => void rounds.push('soon') },
      {
        name: 'broken',
        everyMs: 100,
        round: async () => {
          throw new Error('no database');
        },
      },
    ];
    const running = startWorkers(workers, { log: logInto(lines) });
    expect(running.names).toEqual(['often', 'soon', 'broken']);
    await vi.advanceTimersByTimeAsync(10);
    expect(rounds).toEqual(['soon']);
    await vi.advanceTimersByTimeAsync(290);
    expect(rounds.filter((r) => r === 'often')).toHaveLength(3);
    expect(rounds.filter((r) => r === 'soon')).toHaveLength(1);
    const failed = lines.filter((l) => l.msg === 'broken failed');
    expect(failed).toHaveLength(3);
    expect(failed[0]).toMatchObject({ worker: 'broken', err: { message: 'no database' } });
    await running.stop('beforeRoutes');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds.filter((r) => r === 'often')).toHaveLength(3);
  });

  it('stops the workers that outlive the routes only in the second phase, each through its own stop', async () => {
    const order: string[] = [];
    const workers: Worker[] = [
      {
        name: 'deliveries',
        everyMs: 60_000,
        round: async () => {},
        stop: async (stopRounds) => {
          await stopRounds();
          order.push('deliveries: rounds stopped, in flight awaited');
        },
      },
      {
        name: 'counts',
        everyMs: 60_000,
        round: async () => {},
        outlivesRoutes: true,
        stop: async (stopRounds) => {
          await stopRounds();
          order.push('counts: last write');
        },
      },
      {
        name: 'checks',
        everyMs: 60_000,
        round: async () => {},
        stop: async (stopRounds) => {
          await stopRounds();
          order.push('checks: stopped');
        },
      },
    ];
    const running = startWorkers(workers, { log: logInto([]) });
    await running.stop('beforeRoutes');
    // stopped together: in either order
    expect([...order].sort()).toEqual(['checks: stopped', 'deliveries: rounds stopped, in flight awaited']);
    order.push('routes closed');
    await running.stop('afterRoutes');
    // a phase stopped again stops nothing twice
    await running.stop('beforeRoutes');
    expect(order.slice(2)).toEqual(['routes closed', 'counts: last write']);
  });

  it('stops the workers that outlive the routes one after another, in the order listed', async () => {
    const order: string[] = [];
    // the first takes a while to stop: the second must not start its last write meanwhile
    const worker = (name: string, ms: number): Worker => ({
      name,
      everyMs: 60_000,
      round: async () => {},
      outlivesRoutes: true,
      stop: async (stopRounds) => {
        await stopRounds();
        order.push(`${name}: stopping`);
        await new Promise((r) => setTimeout(r, ms));
        order.push(`${name}: stopped`);
      },
    });
    const running = startWorkers([worker('pipeline', 30), worker('counts', 0)], { log: logInto([]) });
    await running.stop('afterRoutes');
    expect(order).toEqual(['pipeline: stopping', 'pipeline: stopped', 'counts: stopping', 'counts: stopped']);
  });

  it("waits for a round in progress, and a worker's failed stop is logged without keeping the others", async () => {
    const lines: Record<string, unknown>[] = [];
    let roundStarted!: () => void;
    const started = new Promise<void>((r) => (roundStarted = r));
    let finishRound!: () => void;
    const finished = new Promise<void>((r) => (finishRound = r));
    const roundEnded = vi.fn();
    const running = startWorkers(
      [
        {
          name: 'slow',
          everyMs: 5,
          round: async () => {
            roundStarted();
            await finished;
            roundEnded();
          },
        },
        {
          name: 'flush',
          everyMs: 60_000,
          round: async () => {},
          stop: async () => {
            throw new Error('write refused');
          },
        },
      ],
      { log: logInto(lines) },
    );
    await started;
    const stopping = running.stop('beforeRoutes');
    await new Promise((r) => setTimeout(r, 20));
    expect(roundEnded).not.toHaveBeenCalled();
    finishRound();
    await stopping;
    expect(roundEnded).toHaveBeenCalledOnce();
    expect(lines.find((l) => l.msg === 'flush: stopping failed')).toMatchObject({ err: { message: 'write refused' } });
  });

  it('tells the observer how each round went and how long it took', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const seen: [string, boolean][] = [];
    let fail = false;
    const running = startWorkers(
      [
        {
          name: 'sometimes',
          everyMs: 100,
          round: async () => {
            if (fail) throw new Error('once');
          },
        },
      ],
      {
        log: logInto([]),
        observe: (name, ok, seconds) => (expect(seconds).toBeGreaterThanOrEqual(0), seen.push([name, ok])),
      },
    );
    await vi.advanceTimersByTimeAsync(100);
    fail = true;
    await vi.advanceTimersByTimeAsync(100);
    await running.stop('beforeRoutes');
    expect(seen).toEqual([
      ['sometimes', true],
      ['sometimes', false],
    ]);
  });
});
