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

/**
 * A refresh that got no answer is sent again after these pauses, with the same token: the server
 * gives a token whose answer was lost a second pair once, within its leeway (docs/decisions.md).
 */
const REFRESH_RETRY_MS = [1000, 3000];

const sendRefresh = (refresh_token: string) =>
  post<TokenSet>('/oauth/refresh_token/', { refresh_token }, { noToken: true, silent: true }).catch((err: unknown) => {
    if (unanswered(err)) return undefined;
    throw err;
  });

async function runRefresh(): Promise<boolean> {
  const refresh_token = getRefreshToken();
  if (!refresh_token) return false; // signed out meanwhile
  // the session this refresh is for is still the one held (not signed out, not replaced)
  const current = () => getRefreshToken() === refresh_token;
  try {
    let pair = await sendRefresh(refresh_token);
    for (const pause of REFRESH_RETRY_MS) {
      if (pair) break;
      await new Promise((resolve) => setTimeout(resolve, pause));
      if (!current()) return false;
      pair = await sendRefresh(refresh_token);
    }
    if (!pair) throw new Error('no answer to the refresh');
    if (!current()) return false;
    saveTokens(pair);
    scheduleRefresh();
    return true;
  } catch {
    if (!current()) return false; // signed out while it was under way
    showLoginTimeout(() => void logout());
    return false;
  }
}

/**
 * Refresh now, one call at a time; resolves whether a new pair is stored. A refusal, or no
 * answer after the retries, shows the login-timeout dialog and logs out (spec section 8).
 */
export function refreshNow(): Promise<boolean> {
  if (!refreshing) {
    const run = runRefresh();
    refreshing = run;
    // cleared only after it is set: a run that ends at once must not leave itself in place
    void run.finally(() => {
      if (refreshing === run) refreshing = undefined;
    });
  }
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
