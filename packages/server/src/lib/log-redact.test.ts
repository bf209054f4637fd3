import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redact';

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
