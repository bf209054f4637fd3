import { describe, expect, it } from 'vitest';
import { inTurn } from './in-turn';

/** A work that waits until `release` is called; records when it ran. */
function held(log: string[], name: string) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { release, work: async () => (log.push(`${name} start`), await gate, log.push(`${name} end`), name) };
}

describe('inTurn', () => {
  it("runs the works of one key of one map in turn, and other maps' or keys' beside them, then forgets the key", async () => {
    // one map per server (a field of its Deps): two servers in one process never wait for each other
    const [ownerA, ownerB] = [new Map<number, Promise<unknown>>(), new Map<number, Promise<unknown>>()];
    const turn = <T>(tails: Map<number, Promise<unknown>>, key: number, work: () => Promise<T>) =>
      inTurn(tails, key, work);
    const log: string[] = [];
    const first = held(log, 'A1');
    const second = held(log, 'A1 again');
    const other = held(log, 'B1');
    const otherKey = held(log, 'A2');
    const results = [
      turn(ownerA, 1, first.work),
      turn(ownerA, 1, second.work),
      turn(ownerB, 1, other.work),
      turn(ownerA, 2, otherKey.work),
    ];
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toEqual(['A1 start', 'B1 start', 'A2 start']);
    first.release();
    await results[0];
    await new Promise((r) => setTimeout(r, 0));
    expect(log).toContain('A1 again start');
    second.release();
    other.release();
    otherKey.release();
    expect(await Promise.all(results)).toEqual(['A1', 'A1 again', 'B1', 'A2']);
    await new Promise((r) => setTimeout(r, 0));
    expect([ownerA.size, ownerB.size]).toEqual([0, 0]);
  });
});
