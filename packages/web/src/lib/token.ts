import { post, logout, setTokenRefresher } from './http';
import { showLoginTimeout } from './feedback';
import { getExpiresAt, getRefreshToken, saveTokens, type TokenSet } from './session-storage';

/** The redirect address bound to an authorisation code; the same string is sent at exchange. */
export const redirectUri = () => `${window.location.origin}/`;

const exchanges = new Map<string, Promise<void>>();

/** Exchange an authorisation code once (a code is single-use; re-renders must not spend it twice). */
export function exchangeCode(code: string, attempt: number): Promise<void> {
  const key = `${code}#${attempt}`;
  let p = exchanges.get(key);
  if (!p) {
    p = post<TokenSet>(
      '/oauth/token/',
      { grant_type: 'authorization_code', code, redirect_uri: redirectUri() },
      { noToken: true, silent: true },
    ).then((t) => {
      saveTokens(t);
      scheduleRefresh();
    });
    exchanges.set(key, p);
  }
  return p;
}

let timer: ReturnType<typeof setTimeout> | undefined;

let refreshing: Promise<boolean> | undefined;

/**
 * Refresh now (one call at a time); resolves whether a new pair is stored. A failure shows the
 * login-timeout dialog and logs out (spec section 8).
 */
export function refreshNow(): Promise<boolean> {
  refreshing ??= (async () => {
    const refresh_token = getRefreshToken();
    if (!refresh_token) return false; // signed out meanwhile
    try {
      saveTokens(await post<TokenSet>('/oauth/refresh_token/', { refresh_token }, { noToken: true, silent: true }));
      scheduleRefresh();
      return true;
    } catch {
      showLoginTimeout(() => void logout());
      return false;
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

// Requests made after Expires-Timestamp (a timer held back by a sleeping laptop or a background
// tab) refresh first; a request refused as expired refreshes and is sent once more.
setTokenRefresher(refreshNow);

/** Refresh proactively when Expires-Timestamp is reached. */
export function scheduleRefresh(): void {
  if (timer) clearTimeout(timer);
  if (!getRefreshToken()) return;
  const wait = Math.max(0, getExpiresAt() - Date.now());
  timer = setTimeout(() => void refreshNow(), Math.min(wait, 2_000_000_000));
}

export function stopRefresh(): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
}
