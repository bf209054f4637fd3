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

export function clearSession(): void {
  for (const key of Object.values(KEYS)) sessionStorage.removeItem(key);
}

export const getAuthCode = () => sessionStorage.getItem(KEYS.authCode);
export const setAuthCode = (code: string) => sessionStorage.setItem(KEYS.authCode, code);
export const clearAuthCode = () => {
  sessionStorage.removeItem(KEYS.authCode);
  sessionStorage.removeItem(KEYS.authCount);
};
export const getAuthCount = () => Number(sessionStorage.getItem(KEYS.authCount) ?? 0);
export const setAuthCount = (n: number) => sessionStorage.setItem(KEYS.authCount, String(n));
