import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_DAYS } from '@herald/contract';
import { expiryRowClass, expiryState } from './expiry-class';

describe('licence and certificate expiry', () => {
  it('warns within the 30-day window and not a day before it', () => {
    expect(expiryState({ expiresInDays: EXPIRY_WARNING_DAYS })).toBe('expiring');
    expect(expiryState({ expiresInDays: 1 })).toBe('expiring');
    expect(expiryState({ expiresInDays: EXPIRY_WARNING_DAYS + 1 })).toBe('valid');
  });

  it('calls 0 days or less expired', () => {
    expect(expiryState({ expiresInDays: 0 })).toBe('expired');
    expect(expiryState({ expiresInDays: -3 })).toBe('expired');
    expect(expiryRowClass({ expiresInDays: -3 })).toBe('herald-row-expired');
    expect(expiryRowClass({ expiresInDays: 5 })).toBe('herald-row-expiring');
  });

  it('does not highlight a revoked certificate, expired or not', () => {
    expect(expiryState({ expiresInDays: -3, revokedAt: '2026-01-01T00:00:00Z' })).toBe('revoked');
    expect(expiryRowClass({ expiresInDays: 2, revokedAt: '2026-01-01T00:00:00Z' })).toBe('');
  });
});
