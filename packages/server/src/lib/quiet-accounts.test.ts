import { describe, expect, it } from 'vitest';
import { QuietAccounts } from './quiet-accounts';

const deferred = () => {
  let resolve!: (v: boolean) => void;
  const promise = new Promise<boolean>((r) => (resolve = r));
  return { promise, resolve };
};

describe('QuietAccounts', () => {
  it('remembers "nothing going on" for the ttl, and asks again after it', async () => {
    let calls = 0;
    const q = new QuietAccounts(40, async () => (calls++, false));
    expect(await q.busy(1)).toBe(false);
    expect(await q.busy(1)).toBe(false);
    expect(calls).toBe(1);
    await new Promise((r) => setTimeout(r, 60));
    expect(await q.busy(1)).toBe(false);
    expect(calls).toBe(2);
  });

  it('never remembers "busy", and keeps accounts apart', async () => {
    const seen: number[] = [];
    const q = new QuietAccounts(10_000, async (id) => (seen.push(id), id === 2));
    expect(await q.busy(2)).toBe(true);
    expect(await q.busy(2)).toBe(true);
    expect(await q.busy(3)).toBe(false);
    expect(seen).toEqual([2, 2, 3]);
  });

  it('shares one check among devices connecting at once', async () => {
    const d = deferred();
    let calls = 0;
    const q = new QuietAccounts(10_000, () => (calls++, d.promise));
    const all = Promise.all([q.busy(1), q.busy(1), q.busy(1)]);
    d.resolve(false);
    expect(await all).toEqual([false, false, false]);
    expect(calls).toBe(1);
  });

  it('forgets at once when a task is created, also the answer of a check already running', async () => {
    const first = deferred();
    let answer: Promise<boolean> = first.promise;
    const q = new QuietAccounts(10_000, () => answer);
    const running = q.busy(1);
    q.forget(1); // a task was created while the check ran: its "nothing" is out of date
    first.resolve(false);
    expect(await running).toBe(false);
    answer = Promise.resolve(true);
    expect(await q.busy(1)).toBe(true);
  });
});
