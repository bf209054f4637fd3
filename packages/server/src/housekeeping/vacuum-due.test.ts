import { describe, expect, it } from 'vitest';
import { vacuumDue } from './vacuum';

const MIN = 60_000;

describe('when the embedded database is vacuumed', () => {
  it('waits a minute, then for a quiet moment, but at most ten minutes', () => {
    expect(vacuumDue(30_000, 0)).toBe(false);
    expect(vacuumDue(MIN, 0.1)).toBe(true);
    expect(vacuumDue(5 * MIN, 0.9)).toBe(false);
    expect(vacuumDue(10 * MIN, 0.9)).toBe(true);
  });
});
