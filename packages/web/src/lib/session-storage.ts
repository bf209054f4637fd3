import { TOKEN_REFRESH_MARGIN_MS } from '@herald/contract';

/** Session storage keys, exactly as the spec names them (section 3). */
export const KEYS = {
  token: 'Token',
  refreshToken: 'Refresh-Token',
  currentTimestamp: 'Current-Timestamp',
  expiresTimestamp: 'Expires-Timestamp',
  authCode: 'Auth-Code',
  authCount: 'Auth-Count',
} as const;

export type TokenSet = { access_token: string; refresh_token: string; expires_in: number };

export const getToken = () => sessionStorage.getItem(KEYS.token);
export const getRefreshToken = () => sessionStorage.getItem(KEYS.refreshToken);
export const getExpiresAt = () => Number(sessionStorage.getItem(KEYS.expiresTimestamp) ?? 0);

/** Store a token set; it counts as expired 5 minutes before the server lifetime ends. */
export function saveTokens(t: TokenSet): void {
  const now = Date.now();
  sessionStorage.setItem(KEYS.token, t.access_token);
  sessionStorage.setItem(KEYS.refreshToken, t.refresh_token);
  sessionStorage.setItem(KEYS.currentTimestamp, String(now));
  sessionStorage.setItem(KEYS.expiresTimestamp, String(now + t.expires_in * 1000 - TOKEN_REFRESH_MARGIN_MS));
}

/** The lock screen is part of the session: a reload of a locked console stays locked. */
const LOCK_KEY = 'Lock-Screen';

export function clearSession(): void {
  for (const key of Object.values(KEYS)) sessionStorage.removeItem(key);
  sessionStorage.removeItem(LOCK_KEY);
}

export const isLocked = () => sessionStorage.getItem(LOCK_KEY) === '1';
export const setLocked = (locked: boolean) =>
  locked ? sessionStorage.setItem(LOCK_KEY, '1') : sessionStorage.removeItem(LOCK_KEY);

export const getAuthCode = () => sessionStorage.getItem(KEYS.authCode);
export const setAuthCode = (code: string) => sessionStorage.setItem(KEYS.authCode, code);
export const clearAuthCode = () => {
  sessionStorage.removeItem(KEYS.authCode);
  sessionStorage.removeItem(KEYS.authCount);
};
export const getAuthCount = () => Number(sessionStorage.getItem(KEYS.authCount) ?? 0);
export const setAuthCount = (n: number) => sessionStorage.setItem(KEYS.authCount, String(n));
