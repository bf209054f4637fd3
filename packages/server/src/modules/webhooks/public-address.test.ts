import { describe, expect, it } from 'vitest';
import { isPublicAddress, literalRefused } from './public-address';

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, shared and reserved ranges, in IPv4 and IPv6', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1', // 127.0.0.1, as a URL writes it
      '64:ff9b::a00:1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('lets public addresses through', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
  });
});

describe('literalRefused', () => {
  it('names an address literal in a URL that is not public, and leaves names to the lookup', () => {
    expect(literalRefused(new URL('http://127.0.0.1:8080/x'))).toBe('127.0.0.1');
    expect(literalRefused(new URL('http://[::1]/x'))).toBe('::1');
    expect(literalRefused(new URL('https://8.8.8.8/x'))).toBeUndefined();
    expect(literalRefused(new URL('https://hooks.example.com/x'))).toBeUndefined();
  });
});
