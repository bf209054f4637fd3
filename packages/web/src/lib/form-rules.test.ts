import type { RuleObject } from 'antd/es/form';
import { describe, expect, it, vi } from 'vitest';

// the console's language without a browser: English
vi.mock('./locale', () => ({ initialLocale: () => 'en_US', saveLocale: () => undefined }));

const { amount, username } = await import('./form-rules');

/** What a rule list says of a value: the first refusal's message, or 'ok'. */
async function verdict(rules: RuleObject[], value: string): Promise<string> {
  for (const r of rules) {
    if (r.validator) {
      try {
        await r.validator(r, value, () => undefined);
      } catch (err) {
        return (err as Error).message;
      }
    } else if (r.max !== undefined && value.length > r.max) {
      return String(r.message);
    }
  }
  return 'ok';
}

describe('amount()', () => {
  it.each([
    ['12.50', 'ok'],
    ['7', 'ok'],
    ['0.01', 'ok'],
    ['', 'ok'], // "required" speaks for an empty field
    ['abc', 'Must be a number'],
    ['1e3', 'Must be a number'],
    ['-5', 'Must be a number'],
    ['12.505', 'At most two decimal places'],
    ['0', 'Must be greater than 0'],
    ['0.00', 'Must be greater than 0'],
  ])('%j → %s', async (v, want) => {
    expect(await verdict([amount() as RuleObject], v)).toBe(want);
  });
});

describe('username()', () => {
  it.each([
    ['shop_admin.1', 'ok'],
    ['a@b-c', 'ok'],
    ['店长', 'Cannot contain Chinese'],
    ['shop admin', 'Incorrect format'],
    ['x'.repeat(33), 'Too long'],
  ])('%j → %s', async (v, want) => {
    expect(await verdict(username() as RuleObject[], v)).toBe(want);
  });
});
