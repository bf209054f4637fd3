import { describe, expect, it } from 'vitest';
import { PasswordAttempts } from './attempts';

describe('PasswordAttempts', () => {
  it('blocks a key after its tries within the window, and lets it go when the window ends', () => {
    const a = new PasswordAttempts(3, 1000);
    for (let i = 0; i < 3; i++) {
      expect(a.blocked('ip|sn', 100)).toBe(false);
      a.failed('ip|sn', 100 + i);
    }
    expect(a.blocked('ip|sn', 500)).toBe(true);
    expect(a.blocked('other|sn', 500)).toBe(false);
    // the window counts from the first failure
    expect(a.blocked('ip|sn', 1100)).toBe(false);
    a.failed('ip|sn', 1100);
    expect(a.blocked('ip|sn', 1200)).toBe(false);
  });

  it('keeps a bounded number of windows, dropping the oldest', () => {
    const a = new PasswordAttempts(1, 60_000);
    for (let i = 0; i < 10_050; i++) a.failed(`k${i}`, 0);
    expect(a.size).toBe(10_000);
    expect(a.blocked('k0', 1)).toBe(false);
    expect(a.blocked('k10049', 1)).toBe(true);
  });
});
