import { describe, expect, it } from 'vitest';
import { PASSWORD_COST, passwordCost, passwordCostNotice } from './crypto';

describe('the password hashing cost', () => {
  const inVitest = { VITEST: 'true', NODE_ENV: 'test' };

  it("is production's unless the tests ask for their own", () => {
    expect(PASSWORD_COST).toEqual({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(passwordCost({ ...inVitest })).toBe(PASSWORD_COST);
    expect(passwordCostNotice({ ...inVitest })).toBeUndefined();
  });

  it('is the floor inside vitest when the tests ask for it', () => {
    const cost = passwordCost({ ...inVitest, HERALD_TEST_PASSWORD_COST: 'low' });
    expect(cost).toMatchObject({ algorithm: 2, timeCost: 1 });
    expect(cost.memoryCost).toBeLessThan(PASSWORD_COST.memoryCost);
    expect(passwordCostNotice({ ...inVitest, HERALD_TEST_PASSWORD_COST: 'low' })).toBeUndefined();
  });

  it('ignores the setting outside vitest, or outside NODE_ENV=test, and says so', () => {
    for (const env of [
      { HERALD_TEST_PASSWORD_COST: 'low' },
      { HERALD_TEST_PASSWORD_COST: 'low', NODE_ENV: 'production', VITEST: 'true' },
      { HERALD_TEST_PASSWORD_COST: 'low', NODE_ENV: 'test' },
      { ...inVitest, HERALD_TEST_PASSWORD_COST: 'cheap' },
    ]) {
      expect(passwordCost(env)).toBe(PASSWORD_COST);
      expect(passwordCostNotice(env)).toMatch(/ignored outside the test suite/);
    }
  });
});
