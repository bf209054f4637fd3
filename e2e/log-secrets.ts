/**
 * The credentials the end-to-end tests use, kept so that the harness can check, when it stops a
 * server, that its log shows none of them (the request log redacts them, and Herald's own calls
 * keep them out of URLs).
 */

/** Passwords, tokens and secrets the tests sent or were given (value → what it is), for secretsInLog. */
const usedSecrets = new Map<string, string>();
/** Body fields that carry a credential, in requests and answers. */
const SECRET_FIELD =
  /^(password|oldPassword|newPassword|confirmPassword|secret|appSecret|authInfo|refreshToken|access_token|refresh_token|token)$/;

export function rememberSecret(value: unknown, what: string): void {
  if (typeof value === 'string' && value.length >= 6) usedSecrets.set(value, what);
}
export function rememberFields(body: unknown, from: string): void {
  if (!body || typeof body !== 'object') return;
  for (const [k, v] of Object.entries(body)) {
    if (SECRET_FIELD.test(k)) rememberSecret(v, `${k} ${from}`);
    else if (v && typeof v === 'object') rememberFields(v, from);
  }
}

/**
 * What the server's log shows that it must not: a credential the tests used (sign-in passwords,
 * typed in the console or sent by the API client, and the tokens and secrets answered), or
 * anything shaped like an access token (a JWT).
 */
export function secretsInLog(log: string): string[] {
  const found = [...usedSecrets].filter(([value]) => log.includes(value) || log.includes(encodeURIComponent(value)));
  const jwt = /eyJ[\w-]{10,}\.eyJ[\w-]{10,}/.test(log) ? ['an access token (JWT)'] : [];
  return [...found.map(([, what]) => what), ...jwt];
}
