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
});
