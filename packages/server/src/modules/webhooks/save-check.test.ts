import { describe, expect, it } from 'vitest';
import { assertPublicPushUrls, privateTarget } from './save-check';

/** A name server's answers, for names the tests choose. */
const zone =
  (names: Record<string, string[]>) =>
  async (host: string): Promise<{ address: string }[]> => {
    const found = names[host];
    if (!found) throw Object.assign(new Error(`not found: ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address }));
  };

describe('privateTarget', () => {
  const dns = zone({
    'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'mixed.example.com': ['93.184.215.14', '10.0.0.7'],
    'metadata.example.com': ['169.254.169.254'],
    'six.example.com': ['fd00::5'],
  });

  it('names an address literal that is not public without asking DNS', async () => {
    const never = async () => {
      throw new Error('asked');
    };
    expect(await privateTarget('http://127.0.0.1:8080/x', never)).toBe('127.0.0.1');
    expect(await privateTarget('http://[::ffff:7f00:1]/x', never)).toBe('::ffff:7f00:1');
  });

  it('refuses a name when any of its addresses is not public', async () => {
    expect(await privateTarget('https://hooks.example.com/x', dns)).toBeUndefined();
    expect(await privateTarget('https://mixed.example.com/x', dns)).toBe('10.0.0.7');
    expect(await privateTarget('https://metadata.example.com/x', dns)).toBe('169.254.169.254');
    expect(await privateTarget('https://six.example.com/x', dns)).toBe('fd00::5');
  });

  it('lets through a name that does not resolve, or not in time (the delivery checks again)', async () => {
    expect(await privateTarget('https://not-yet.example.com/x', dns)).toBeUndefined();
    const silent = () => new Promise<{ address: string }[]>(() => {});
    const started = Date.now();
    expect(await privateTarget('https://slow.example.com/x', silent)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 10_000);
});

describe('assertPublicPushUrls', () => {
  const config = (webhookAllowPrivate: boolean) => ({ config: { webhookAllowPrivate } }) as never;

  it("answers the field's message for the first private address, unless private ones are allowed", async () => {
    const urls = { print: 'https://8.8.8.8/p', speak: 'http://192.168.0.2/s', trade: null };
    await expect(assertPublicPushUrls(config(false), urls)).rejects.toMatchObject({
      messageKey: 'error.webhookPrivate',
      errors: [{ field: 'pushUrls.speak', message: 'error.webhookPrivate' }],
    });
    await expect(assertPublicPushUrls(config(true), urls)).resolves.toBeUndefined();
    await expect(
      assertPublicPushUrls(config(false), { print: '', trade: 'https://8.8.4.4/t' }),
    ).resolves.toBeUndefined();
  });
});
