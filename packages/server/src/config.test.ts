import { describe, expect, it } from 'vitest';
import { deviceBaseUrl, loadConfig, parseLimit, parseTrustProxy } from './config';

describe('TRUST_PROXY', () => {
  it('believes loopback proxies unless told otherwise', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(parseTrustProxy('  ')).toBe('loopback');
  });

  it('takes true/false and lists of addresses, ranges and names as they are', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('FALSE')).toBe(false);
    expect(parseTrustProxy('10.0.0.0/8, loopback')).toBe('10.0.0.0/8, loopback');
  });
});

describe("the server's session at an external broker", () => {
  it('is clean with a random id unless MQTT_CLIENT_ID names it', () => {
    expect(loadConfig({}).mqtt).toMatchObject({ clientId: undefined, sessionExpirySec: 0 });
    expect(loadConfig({ MQTT_CLIENT_ID: '  ' }).mqtt.clientId).toBeUndefined();
    expect(loadConfig({ MQTT_CLIENT_ID: ' herald-0 ' }).mqtt.clientId).toBe('herald-0');
  });

  it('keeps MQTT_SESSION_EXPIRY within what MQTT 5 can say', () => {
    expect(loadConfig({ MQTT_SESSION_EXPIRY: '0' }).mqtt.sessionExpirySec).toBe(0);
    expect(loadConfig({ MQTT_SESSION_EXPIRY: '-5' }).mqtt.sessionExpirySec).toBe(0);
    expect(loadConfig({ MQTT_SESSION_EXPIRY: '99999999999' }).mqtt.sessionExpirySec).toBe(0xffffffff);
    expect(loadConfig({ MQTT_SESSION_EXPIRY: 'soon' }).mqtt.sessionExpirySec).toBe(0);
  });
});

describe('REFRESH_REUSE_LEEWAY', () => {
  it('is 10 s unless set; 0 turns it off, a negative value counts as 0 and 60 is the most', () => {
    expect(loadConfig({}).refreshReuseLeewaySec).toBe(10);
    expect(loadConfig({ REFRESH_REUSE_LEEWAY: '0' }).refreshReuseLeewaySec).toBe(0);
    expect(loadConfig({ REFRESH_REUSE_LEEWAY: '-3' }).refreshReuseLeewaySec).toBe(0);
    expect(loadConfig({ REFRESH_REUSE_LEEWAY: '25' }).refreshReuseLeewaySec).toBe(25);
    expect(loadConfig({ REFRESH_REUSE_LEEWAY: '3600' }).refreshReuseLeewaySec).toBe(60);
  });
});

describe('METRICS and METRICS_TOKEN', () => {
  it('serve /metrics only with a token unless METRICS says otherwise', () => {
    expect(loadConfig({}).metrics).toEqual({ enabled: false, token: undefined });
    expect(loadConfig({ METRICS_TOKEN: ' s3cret ' }).metrics).toEqual({ enabled: true, token: 's3cret' });
    expect(loadConfig({ METRICS: 'on' }).metrics).toEqual({ enabled: true, token: undefined });
    expect(loadConfig({ METRICS: 'OFF', METRICS_TOKEN: 's3cret' }).metrics).toEqual({
      enabled: false,
      token: 's3cret',
    });
    expect(loadConfig({ METRICS_TOKEN: '   ' }).metrics.enabled).toBe(false);
  });
});

describe('the shutdown and the pool', () => {
  it('wait 0 s before refusing and up to 10 s for requests in flight; 10 connections to PostgreSQL', () => {
    expect(loadConfig({}).shutdown).toEqual({ delayMs: 0, graceMs: 10_000 });
    expect(loadConfig({ SHUTDOWN_DELAY_MS: '5000', SHUTDOWN_GRACE_MS: '-1' }).shutdown).toEqual({
      delayMs: 5000,
      graceMs: 0,
    });
    expect(loadConfig({}).databasePoolMax).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: '40' }).databasePoolMax).toBe(40);
    expect(loadConfig({ DATABASE_POOL_MAX: '0' }).databasePoolMax).toBe(1);
  });
});

describe('DEVICE_DOWNLOAD_URL', () => {
  it('is PUBLIC_URL unless set; a blank value counts as unset and a trailing slash is dropped', () => {
    expect(deviceBaseUrl(loadConfig({ PUBLIC_URL: 'https://console.example.com/' }))).toBe(
      'https://console.example.com',
    );
    expect(deviceBaseUrl(loadConfig({ PUBLIC_URL: 'https://console.example.com', DEVICE_DOWNLOAD_URL: ' ' }))).toBe(
      'https://console.example.com',
    );
    const both = loadConfig({
      PUBLIC_URL: 'https://console.example.com',
      DEVICE_DOWNLOAD_URL: 'http://dl.example.com/',
    });
    expect(deviceBaseUrl(both)).toBe('http://dl.example.com');
    expect(both.publicUrl).toBe('https://console.example.com');
  });
});

describe('limits (max/seconds)', () => {
  const d = { max: 3, windowMs: 60_000 };

  it('have defaults that suit one office behind one address', () => {
    expect(loadConfig({}).limits).toEqual({
      signInPerAddress: { max: 20, windowMs: 300_000 },
      signInPerUser: { max: 10, windowMs: 900_000 },
      tokenPerAddress: { max: 60, windowMs: 300_000 },
      openApiPerKey: { max: 20_000, windowMs: 10_000 },
    });
  });

  it('read max/seconds, switch off with off or 0, and keep the default for anything else', () => {
    expect(parseLimit(' 50 / 600 ', d)).toEqual({ max: 50, windowMs: 600_000 });
    expect(parseLimit('off', d)).toBeUndefined();
    expect(parseLimit('0', d)).toBeUndefined();
    for (const v of [undefined, '', '50', '0/60', '5/0', '-1/60', '1.5/60', 'lots']) expect(parseLimit(v, d)).toBe(d);
    expect(loadConfig({ SIGNIN_LIMIT_PER_USER: 'OFF' }).limits.signInPerUser).toBeUndefined();
  });
});
