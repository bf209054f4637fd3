import { EXPIRY_WARNING_DAYS } from '@herald/contract';

export type Expirable = { expiresInDays: number; revokedAt?: string | null };
export type ExpiryState = 'revoked' | 'expired' | 'expiring' | 'valid';

/** Revoked wins; then expired (0 days or less); then within the 30-day warning window. */
export function expiryState(r: Expirable): ExpiryState {
  if (r.revokedAt) return 'revoked';
  if (r.expiresInDays <= 0) return 'expired';
  if (r.expiresInDays <= EXPIRY_WARNING_DAYS) return 'expiring';
  return 'valid';
}

const ROW_CLASS: Record<ExpiryState, string> = {
  revoked: '',
  expired: 'herald-row-expired',
  expiring: 'herald-row-expiring',
  valid: '',
};

/** Table row class: expired rows red, rows within the warning window yellow. */
export const expiryRowClass = (r: Expirable) => ROW_CLASS[expiryState(r)];
