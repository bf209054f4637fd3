import { post, logout, setTokenRefresher, unanswered } from './http';
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

/** A refresh that got no answer is sent once more after this pause. */
const REFRESH_RETRY_MS = 1000;

const sendRefresh = (refresh_token: string) =>
  post<TokenSet>('/oauth/refresh_token/', { refresh_token }, { noToken: true, silent: true });

/**
 * Refresh now (one call at a time); resolves whether a new pair is stored. A refresh whose answer
 * was lost (the network dropped) is sent once more with the same token: the server accepts it
 * again for a short while after its use (docs/decisions.md). A refusal, or a second loss, shows
 * the login-timeout dialog and logs out (spec section 8).
 */
export function refreshNow(): Promise<boolean> {
  refreshing ??= (async () => {
    const refresh_token = getRefreshToken();
    // the session this refresh is for is still the one held (not signed out, not replaced)
    const current = () => getRefreshToken() === refresh_token;
    try {
      if (!refresh_token) return false; // signed out meanwhile
      let pair = await sendRefresh(refresh_token).catch((err: unknown) => {
        if (!unanswered(err)) throw err;
        return undefined;
      });
      if (!pair) {
        await new Promise((resolve) => setTimeout(resolve, REFRESH_RETRY_MS));
        if (!current()) return false;
        pair = await sendRefresh(refresh_token);
      }
      if (!current()) return false;
      saveTokens(pair);
      scheduleRefresh();
      return true;
    } catch {
      if (!current()) return false; // signed out while it was under way
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
