import { describe, expect, it } from 'vitest';
import { fenceDeviceOptionsQuery } from '@herald/contract';
import { deviceKeyword } from './device-keyword';

describe('the fence device search keyword', () => {
  it('is what was typed, without the spaces around it', () => {
    expect(deviceKeyword('  PR-0042 ')).toBe('PR-0042');
    expect(deviceKeyword('   ')).toBe('');
  });

  it('cuts a long paste to what the options call accepts rather than have it refused', () => {
    const pasted = `  ${'A'.repeat(63)} ${'B'.repeat(200)}`;
    const keyword = deviceKeyword(pasted);
    expect(keyword).toBe('A'.repeat(63));
    expect(fenceDeviceOptionsQuery.safeParse({ keyword: deviceKeyword('x'.repeat(500)) }).success).toBe(true);
    expect(fenceDeviceOptionsQuery.safeParse({ keyword: 'x'.repeat(500) }).success).toBe(false);
  });
});
