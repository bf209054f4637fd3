import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The console's refresh: one at a time, a lost answer sent again with the same token, a refusal
 * shown as the login-timeout dialog, nothing saved or shown for a session signed out meanwhile.
 * The HTTP client and the dialog are stand-ins; session storage is a map.
 */
const { post, showLoginTimeout } = vi.hoisted(() => ({ post: vi.fn(), showLoginTimeout: vi.fn() }));

vi.mock('./http', () => {
  class ApiError extends Error {
    constructor(
      message: string,
      readonly code: number,
    ) {
      super(message);
    }
  }
  return {
    ApiError,
    post,
    logout: vi.fn(),
    setTokenRefresher: vi.fn(),
    // a TypeError from fetch is no answer; an ApiError carries the server's refusal
    unanswered: (err: unknown) => !(err instanceof ApiError),
  };
});
vi.mock('./feedback', () => ({ showLoginTimeout }));

const store = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
});

const { refreshNow } = await import('./token');
const { ApiError } = (await import('./http')) as unknown as {
  ApiError: new (m: string, code: number) => Error;
};

const pair = (n: number) => ({ access_token: `access-${n}`, refresh_token: `refresh-${n}`, expires_in: 3600 });
const noAnswer = () => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(() => {
  vi.useFakeTimers();
  store.clear();
  store.set('Token', 'access-0');
  store.set('Refresh-Token', 'refresh-0');
  post.mockReset();
  showLoginTimeout.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('refreshNow', () => {
  it('stores the new pair; calls made meanwhile share the one refresh', async () => {
    post.mockResolvedValueOnce(pair(1));
    const [a, b] = [refreshNow(), refreshNow()];
    expect(await a).toBe(true);
    expect(await b).toBe(true);
    expect(post).toHaveBeenCalledTimes(1);
    expect(store.get('Refresh-Token')).toBe('refresh-1');
  });

  it('after a call with nothing to refresh, the next one refreshes', async () => {
    store.delete('Refresh-Token');
    expect(await refreshNow()).toBe(false);
    store.set('Refresh-Token', 'refresh-0');
    post.mockResolvedValueOnce(pair(1));
    expect(await refreshNow()).toBe(true);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('sends a refresh that got no answer again, with the same token', async () => {
    post.mockImplementationOnce(noAnswer).mockImplementationOnce(noAnswer).mockResolvedValueOnce(pair(2));
    const done = refreshNow();
    await vi.advanceTimersByTimeAsync(4000);
    expect(await done).toBe(true);
    expect(post.mock.calls.map((c) => (c[1] as { refresh_token: string }).refresh_token)).toEqual([
      'refresh-0',
      'refresh-0',
      'refresh-0',
    ]);
    expect(store.get('Token')).toBe('access-2');
    expect(showLoginTimeout).not.toHaveBeenCalled();
  });

  it('shows the login-timeout dialog on a refusal, without sending it again', async () => {
    post.mockRejectedValueOnce(new ApiError('Login timeout', 40001));
    expect(await refreshNow()).toBe(false);
    expect(post).toHaveBeenCalledTimes(1);
    expect(showLoginTimeout).toHaveBeenCalledTimes(1);
  });

  it('shows the dialog when no try got an answer', async () => {
    post.mockImplementation(noAnswer);
    const done = refreshNow();
    await vi.advanceTimersByTimeAsync(4000);
    expect(await done).toBe(false);
    expect(post).toHaveBeenCalledTimes(3);
    expect(showLoginTimeout).toHaveBeenCalledTimes(1);
  });

  it('neither retries, saves nor shows anything for a session signed out meanwhile', async () => {
    post.mockImplementationOnce(noAnswer);
    const done = refreshNow();
    await vi.advanceTimersByTimeAsync(0);
    store.clear(); // signed out during the pause
    await vi.advanceTimersByTimeAsync(1000);
    expect(await done).toBe(false);
    expect(post).toHaveBeenCalledTimes(1);
    expect(showLoginTimeout).not.toHaveBeenCalled();

    store.set('Refresh-Token', 'refresh-0');
    let answer!: (p: unknown) => void;
    post.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const late = refreshNow();
    await vi.advanceTimersByTimeAsync(0);
    store.set('Refresh-Token', 'refresh-other'); // signed in anew before the answer came
    answer(pair(3));
    expect(await late).toBe(false);
    expect(store.get('Refresh-Token')).toBe('refresh-other');
  });
});
