/** Where the console talks to; the server serves the console from the same origin. */
export const API_BASE = import.meta.env.VITE_API_BASE ?? '';
/** A server path the API answers (a picture's URL in an answer) as the browser must ask for it. */
export const apiUrl = (path: string) => `${API_BASE}${path}`;
/** The same for a URL that may be absent. */
export const apiUrlOrNone = (path: string | null | undefined) => (path ? apiUrl(path) : undefined);
/** Spec section 9: request time-out. */
export const REQUEST_TIMEOUT_MS = 10_000_000;
/** Spec section 9: authorisation-code exchange retries before /401. */
export const AUTH_RETRY_MAX = 3;
/** Spec section 9: toast and dialog duration. */
export const TOAST_SECONDS = 2;
/** The liveness and logout calls (spec section 7 leaves their paths to configuration). */
export const ALIVE_URL = '/oauth/alive';
export const LOGOUT_URL = '/oauth/logout';
