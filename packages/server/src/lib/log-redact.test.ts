import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { censorSecrets, loggerOptions, redactUrl } from './log-redact';

describe('redactUrl', () => {
  it('hides secret query parameters and keeps the rest', () => {
    expect(redactUrl('/v1/account-api/queryApiSecret?password=Owner%232026x')).toBe(
      '/v1/account-api/queryApiSecret?password=[redacted]',
    );
    expect(redactUrl('/v1/common/verifyPassword?lang=zh_CN&password=a&b=1#x')).toBe(
      '/v1/common/verifyPassword?lang=zh_CN&password=[redacted]&b=1#x',
    );
    expect(redactUrl('/x?PASSWORD=a&token=t&page=2')).toBe('/x?PASSWORD=[redacted]&token=[redacted]&page=2');
    expect(redactUrl('/v1/records/print?passwordHint=1&sn=AB')).toBe('/v1/records/print?passwordHint=1&sn=AB');
  });

  it('hides signatures and secrets an integrator or a device URL puts in the query', () => {
    expect(redactUrl('/device/v1/files/7?exp=1&sig=abc')).toBe('/device/v1/files/7?exp=1&sig=[redacted]');
    expect(redactUrl('/open/v1/print?appKey=k&sign=s&appSecret=x&x-herald-signature=y&nonce=n')).toBe(
      '/open/v1/print?appKey=k&sign=[redacted]&appSecret=[redacted]&x-herald-signature=[redacted]&nonce=[redacted]',
    );
    expect(redactUrl('/x?refresh_token=r&access_token=a&confirmPassword=c')).toBe(
      '/x?refresh_token=[redacted]&access_token=[redacted]&confirmPassword=[redacted]',
    );
  });

  it("hides a device's log upload token, which is a path segment", () => {
    expect(redactUrl('/device/v1/logs/0123456789abcdef0123?lang=en')).toBe('/device/v1/logs/[redacted]?lang=en');
    expect(redactUrl('/v1/devices/7/logs/3')).toBe('/v1/devices/7/logs/3');
  });
});

describe('censorSecrets', () => {
  it('censors secret fields up to four levels down and leaves the logged object unchanged', () => {
    const logged = {
      password: 'p',
      body: { user: 'u', token: 't' },
      err: { config: { headers: { authorization: 'Bearer x', accept: 'json' } } },
      list: [{ appSecret: 's' }, { ok: 1 }],
      deep: { a: { b: { c: { password: 'too deep' } } } },
    };
    const before = structuredClone(logged);
    expect(censorSecrets(logged)).toEqual({
      password: '[redacted]',
      body: { user: 'u', token: '[redacted]' },
      err: { config: { headers: { authorization: '[redacted]', accept: 'json' } } },
      list: [{ appSecret: '[redacted]' }, { ok: 1 }],
      deep: { a: { b: { c: { password: 'too deep' } } } },
    });
    expect(logged).toEqual(before);
  });

  it('returns the same object when there is nothing to censor', () => {
    const logged = { reqId: 'req-1', res: { statusCode: 200 }, when: new Date(0), list: [1, 'a'] };
    expect(censorSecrets(logged)).toBe(logged);
  });

  it("keeps an error's message and stack when it censors inside it", () => {
    const err = Object.assign(new Error('boom'), { config: { headers: { cookie: 'c' } } });
    const out = censorSecrets({ err }).err as unknown as Record<string, unknown>;
    expect(out).toMatchObject({ message: 'boom', name: 'Error', config: { headers: { cookie: '[redacted]' } } });
    expect(String(out.stack)).toContain('boom');
    expect(err.config.headers.cookie).toBe('c');
  });

  it('censors what a whole logger writes', () => {
    const lines: string[] = [];
    const log = pino(loggerOptions('info'), { write: (line: string) => void lines.push(line) });
    log.child({ reqId: 'req-1' }).info({ body: { password: 'hunter2' } }, 'signed in');
    log.error(Object.assign(new Error('failed'), { authorization: 'Bearer abc' }));
    const text = lines.join('');
    expect(text).not.toMatch(/hunter2|Bearer abc/);
    expect(text).toContain('"reqId":"req-1"');
    expect(text).toContain('failed');
  });
});
