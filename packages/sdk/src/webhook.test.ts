import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from './webhook';

// docs/open-api.md section 7 "Worked example"
const DOC = {
  secret: 's3cr3t-0123456789abcdef0123456789abcdef',
  timestamp: '1767225601300',
  body: '{"sn":"HP58A0001","kind":"print","event":"print","jobId":41,"msgId":"3f0c2b9e-6d41-4a8e-9c3f-5b1d7e2a4c60","amount":null,"reason":null,"status":3,"ackedAt":"2026-01-01T00:00:00.019Z","orderId":"ORD-20260101-0001","currency":null,"expireAt":"2026-01-01T00:05:00.000Z","pushedAt":"2026-01-01T00:00:00.004Z","latencyMs":19,"finishedAt":"2026-01-01T00:00:01.200Z","paymentType":null,"requestedAt":"2026-01-01T00:00:00.000Z"}',
  signature: 'bfa5c6ea545f8f6ba7204925f042830e111b98fdaadd8c1b601462571a132fd0',
};
const at = Number(DOC.timestamp) + 1_000;

describe('verifyWebhook', () => {
  it('accepts the documented push, in any header case, and refuses a changed body or another secret', () => {
    const headers = { 'X-Herald-Timestamp': DOC.timestamp, 'X-Herald-Signature': DOC.signature.toUpperCase() };
    expect(verifyWebhook(headers, DOC.body, DOC.secret, { now: at })).toBe(true);
    expect(verifyWebhook(headers, `${DOC.body} `, DOC.secret, { now: at })).toBe(false);
    expect(verifyWebhook(headers, DOC.body, 'another', { now: at })).toBe(false);
  });

  it('accepts a push whose x-herald-signature-previous matches (a rotation overlap), not one where neither does', () => {
    const newSecret = 'the-new-secret';
    const current = createHmac('sha256', newSecret).update(`${DOC.timestamp}\n${DOC.body}`).digest('hex');
    const headers = new Headers({
      'x-herald-timestamp': DOC.timestamp,
      'x-herald-signature': current,
      'x-herald-signature-previous': DOC.signature,
    });
    expect(verifyWebhook(headers, Buffer.from(DOC.body), DOC.secret, { now: at })).toBe(true);
    expect(verifyWebhook(headers, DOC.body, newSecret, { now: at })).toBe(true);
    expect(verifyWebhook(headers, DOC.body, 'a-third-secret', { now: at })).toBe(false);
  });

  it('refuses a replay older than the tolerance unless it is 0, and a push without timestamp or signature', () => {
    const headers = { 'x-herald-timestamp': DOC.timestamp, 'x-herald-signature': DOC.signature };
    expect(verifyWebhook(headers, DOC.body, DOC.secret, { now: Number(DOC.timestamp) + 301_000 })).toBe(false);
    expect(verifyWebhook(headers, DOC.body, DOC.secret, { toleranceSeconds: 0 })).toBe(true);
    expect(verifyWebhook({ 'x-herald-signature': DOC.signature }, DOC.body, DOC.secret, { now: at })).toBe(false);
    expect(verifyWebhook({ 'x-herald-timestamp': DOC.timestamp }, DOC.body, DOC.secret, { now: at })).toBe(false);
  });
});
