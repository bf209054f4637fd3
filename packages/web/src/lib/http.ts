import { ResultCode, type Envelope } from '@herald/contract';
import { API_BASE, LOGOUT_URL, REQUEST_TIMEOUT_MS } from './config';
import { showLoginTimeout, toastError } from './feedback';
import i18n, { currentLocale } from './i18n';
import { navigateTo } from './navigation';
import { clearSession, getExpiresAt, getRefreshToken, getToken } from './session-storage';

export type Params = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  params?: Params;
  body?: unknown;
  /** calls made before sign-in (spec: "flagged as without token") */
  noToken?: boolean;
  /** the caller shows its own feedback; no error toast */
  silent?: boolean;
};

/** A non-20000 answer or a failed HTTP exchange. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** An HTTP answer without our envelope (cut by a reload or a proxy): it says nothing about the call. */
export class NoAnswerError extends ApiError {}

/** The call got no answer of ours: the network failed, it timed out, or the body was not an envelope. */
export const unanswered = (err: unknown): boolean => !(err instanceof ApiError) || err instanceof NoAnswerError;

export function buildUrl(url: string, params?: Params): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  }
  search.set('lang', currentLocale());
  return `${API_BASE}${url}?${search.toString()}`;
}

export function authHeaders(noToken?: boolean): Record<string, string> {
  const token = getToken();
  return !noToken && token ? { Authorization: `Bearer ${token}` } : {};
}

async function send(method: string, url: string, opts: RequestOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    return await fetch(buildUrl(url, opts.params), {
      method,
      credentials: 'include',
      signal: controller.signal,
      headers: {
        ...authHeaders(opts.noToken),
        ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
  } finally {
    clearTimeout(timer);
  }
}

/** Sign out: revoke the session on the server (best effort), clear it here, go to sign-in. */
export async function logout(): Promise<void> {
  const token = getToken();
  if (token) {
    await fetch(buildUrl(LOGOUT_URL), { credentials: 'include', headers: authHeaders() }).catch(() => undefined);
  }
  clearSession();
  navigateTo('/login');
}

type Refresher = () => Promise<boolean>;
let refresher: Refresher | undefined;

/** The token module registers its refresh here (it sends through this client, so it cannot be imported). */
export function setTokenRefresher(fn: Refresher): void {
  refresher = fn;
}

/** The stored token has reached Expires-Timestamp (server lifetime minus 5 minutes). */
const tokenDue = () => Boolean(getToken() && getRefreshToken()) && Date.now() >= getExpiresAt();

/**
 * The one client (spec sections 7, 8): lang on every call, bearer unless flagged, a due token
 * refreshed first, 401 ends the session, 40001 shows the re-login dialog (after one refresh and
 * retry: the token may just have expired), other codes become one error toast.
 */
export async function request<T>(method: string, url: string, opts: RequestOptions = {}): Promise<T> {
  if (!opts.noToken && refresher && tokenDue()) await refresher();
  const sentWith = getToken();
  let res = await send(method, url, opts);
  if (res.status === 401 && !opts.noToken && sentWith && refresher) {
    const answer = (await res
      .clone()
      .json()
      .catch(() => undefined)) as Envelope<T> | undefined;
    if (answer?.code === ResultCode.LOGIN_TIMEOUT) {
      // another request may have refreshed meanwhile; otherwise try the refresh token once
      const renewed = getToken() !== sentWith || (getRefreshToken() ? await refresher() : false);
      if (renewed && getToken() && getToken() !== sentWith) res = await send(method, url, opts);
    }
  }
  let body: Envelope<T> | undefined;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    body = undefined;
  }
  // Every answer of ours is an envelope. One we could not read (aborted by a reload, cut by a
  // proxy) says nothing about the session, so it must not end it: report it and stop here.
  if (body === undefined) {
    if (!opts.silent) toastError(i18n.t('error.noAnswer'));
    throw new NoAnswerError(res.statusText || 'Error', res.status, res.status);
  }
  const code = body.code;
  if (res.ok && code === ResultCode.SUCCESS) return body.data;

  const text = body.message ?? res.statusText;
  if (code === ResultCode.LOGIN_TIMEOUT && !opts.noToken) {
    showLoginTimeout(() => void logout());
  } else if (res.status === 401 && !opts.noToken) {
    clearSession();
    // said once, whatever asked (a background poll too): otherwise the sign-in page appears unexplained
    toastError(i18n.t('error.tokenInvalid'));
    navigateTo('/login');
  } else if (code === ResultCode.PASSWORD_CHANGE_REQUIRED) {
    navigateTo('/up-password');
  } else if (!opts.silent) {
    toastError(text);
  }
  throw new ApiError(text || 'Error', code, res.status, body.data);
}

export const get = <T>(url: string, params?: Params, opts?: RequestOptions) =>
  request<T>('GET', url, { ...opts, params });
export const post = <T>(url: string, body?: unknown, opts?: RequestOptions) =>
  request<T>('POST', url, { ...opts, body: body ?? {} });
export const put = <T>(url: string, body?: unknown, opts?: RequestOptions) =>
  request<T>('PUT', url, { ...opts, body: body ?? {} });
export const del = <T>(url: string, opts?: RequestOptions) => request<T>('DELETE', url, opts);

/** Download a file that needs the bearer header (fetch + blob). */
/** A file answer (not the JSON envelope) with the session's token; a refusal is toasted and thrown. */
async function fileAnswer(url: string, params?: Params): Promise<Response> {
  const res = await send('GET', url, { params });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    const body = (await res.json().catch(() => undefined)) as Envelope<unknown> | undefined;
    toastError(body?.message);
    throw new ApiError(body?.message ?? 'Error', body?.code ?? res.status, res.status);
  }
  return res;
}

/** A picture or file behind the token, as a Blob (an <img> cannot send the bearer token itself). */
export const fetchBlob = async (url: string, params?: Params): Promise<Blob> => (await fileAnswer(url, params)).blob();

export async function download(url: string, params: Params, fallbackName: string): Promise<void> {
  const res = await fileAnswer(url, params);
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = decodeURIComponent(name);
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(href);
}
