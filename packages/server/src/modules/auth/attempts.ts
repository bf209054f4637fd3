import { ResultCode, type LogMessageKey, type OperModule, type OperType } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import { AppError, rateLimited } from '../../lib/errors';
import { underFailureLimits, type Refusal } from '../../lib/failure-limits';
import { audit } from '../oper-log/audit';
import * as repo from './repo';

/**
 * Failed attempts at the secrets of sign-in, held to limits shared by every server
 * (lib/failure-limits.ts; sizes in config.ts `limits`, reasons in docs/decisions.md):
 * - a password (sign-in, and the password checks of a signed-in user): per client address and per
 *   username, so neither many names from one address nor one name from many addresses gets far.
 *   Beside the lock-out (five wrong passwords in a row lock a user until an administrator unlocks
 *   it), not instead of it: these also cover names that do not exist, and guesses spread over
 *   many users or interleaved with the owner's own sign-ins;
 * - a token (code exchange, refresh, activation and reset links): per client address.
 * Only failures count; a refusal is answered 40029 with Retry-After and written to the operation log.
 */

const TOO_MANY = 'error.tooManyAttempts';

const addressKey = (ip: string) => `signin:addr:${ip}`;
const userKey = (username: string) => `signin:user:${username.trim().toLowerCase()}`;
const tokenKey = (ip: string) => `token:addr:${ip}`;

const isCode = (err: unknown, code: number) => err instanceof AppError && err.code === code;

/** What a password attempt was for, as the operation log says it. */
export type PasswordUse = {
  /** the one trying: a signed-in user, or the name typed at sign-in */
  username: string;
  ip: string;
  log: { module: OperModule; type: OperType; key: LogMessageKey };
  /** a signed-in user's own check: who the log line is about (else looked up by name) */
  user?: { id: number; accountId: number | null };
  /** which answers are failures; by default a wrong password or an unknown name */
  failed?: (err: unknown) => boolean;
};

/**
 * What the lock refuses (a locked user, and the wrong password that locks it) is not counted: the
 * lock stops those guesses by itself, and counting them would keep the owner out past an
 * administrator's unlock.
 */
const wrongPassword = (err: unknown) => isCode(err, ResultCode.BAD_CREDENTIALS);

/** Run a password check (`attempt`) under the per-address and per-username limits. */
export function underPasswordLimits<T>(deps: Deps, use: PasswordUse, attempt: () => Promise<T>): Promise<T> {
  const { signInPerAddress, signInPerUser } = deps.config.limits;
  return underFailureLimits(
    deps.db,
    [
      { key: addressKey(use.ip), limit: signInPerAddress },
      { key: userKey(use.username), limit: signInPerUser },
    ],
    attempt,
    {
      failed: use.failed ?? wrongPassword,
      refused: async (r) => {
        // the named user's account sees it in its own log; an unknown name only the operators
        const who = use.user ?? (await repo.findUserByUsername(deps.db, use.username.trim()));
        await logRefusal(deps, { userId: who?.id ?? null, accountId: who?.accountId ?? null }, use, r);
        throw rateLimited(r.retryAfterMs, TOO_MANY);
      },
    },
  );
}

/** A presented token or link that may be wrong: what counts as wrong is the caller's `failed`. */
export function underTokenLimit<T>(
  deps: Deps,
  use: { ip: string; log: PasswordUse['log']; failed: (err: unknown) => boolean },
  attempt: () => Promise<T>,
): Promise<T> {
  return underFailureLimits(deps.db, [{ key: tokenKey(use.ip), limit: deps.config.limits.tokenPerAddress }], attempt, {
    failed: use.failed,
    refused: async (r) => {
      await logRefusal(deps, { userId: null, accountId: null }, { ...use, username: '' }, r);
      throw rateLimited(r.retryAfterMs, TOO_MANY);
    },
  });
}

async function logRefusal(
  deps: Deps,
  who: { userId: number | null; accountId: number | null },
  use: Pick<PasswordUse, 'username' | 'ip' | 'log'>,
  r: Refusal,
): Promise<void> {
  const username = use.username.trim().slice(0, 64);
  await audit(
    deps.db,
    { ...who, username, ip: use.ip },
    {
      module: use.log.module,
      type: use.log.type,
      description: {
        key: use.log.key,
        params: { username, ip: use.ip, seconds: Math.max(1, Math.ceil(r.retryAfterMs / 1000)) },
      },
    },
  );
}
