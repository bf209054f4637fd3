import { describe, expect, it } from 'vitest';
import { ackPayload, parsePayload, resultPayload, telemetryPayload, topics } from './protocol';

describe('parsePayload', () => {
  // a failed result's free-text message becomes the job's reason, written with other devices' results
  const result = (message: string) =>
    `{"v":1,"id":"3f0c9a52-8f1e-4a3e-9d6b-1c2d3e4f5a6b","ts":1,"status":"failed","message":${message}}`;

  it('parses valid messages, escapes included', () => {
    expect(parsePayload(resultPayload, result('"jammed"'))).toMatchObject({ message: 'jammed' });
    expect(parsePayload(telemetryPayload, '{"v":1,"ts":1,"firmware":"1.0 \\u00e9 \\ud83d\\ude00"}')).toMatchObject({
      firmware: '1.0 é 😀',
    });
    // an escaped backslash followed by "u0000" is plain text
    expect(parsePayload(telemetryPayload, '{"v":1,"ts":1,"firmware":"a\\\\u0000"}')).toMatchObject({
      firmware: 'a\\u0000',
    });
  });

  it('refuses text the database cannot store: one device must not fail a statement other devices share', () => {
    expect(parsePayload(resultPayload, result('"paper\\u0000"'))).toBeNull();
    expect(parsePayload(resultPayload, result('"x\\ud800"'))).toBeNull();
    expect(parsePayload(resultPayload, result('"x\\uDFFF y"'))).toBeNull();
    expect(parsePayload(telemetryPayload, '{"v":1,"ts":1,"resources":{"\\ud800":"1"}}')).toBeNull();
  });

  it('refuses times no date can hold (they would fail a statement shared with other devices)', () => {
    const ack = (ts: number) => `{"v":1,"id":"3f0c9a52-8f1e-4a3e-9d6b-1c2d3e4f5a6b","ts":${ts},"code":"ok"}`;
    expect(parsePayload(ackPayload, ack(8_640_000_000_000_000))).toMatchObject({ code: 'ok' });
    expect(parsePayload(ackPayload, ack(8_700_000_000_000_000))).toBeNull();
    expect(parsePayload(resultPayload, result('"x"').replace('"ts":1', '"ts":9007199254740991'))).toBeNull();
  });

  it('refuses what is not JSON or not valid', () => {
    expect(parsePayload(ackPayload, '{')).toBeNull();
    expect(parsePayload(ackPayload, '{"v":1}')).toBeNull();
  });
});

describe('topics.parseUplink', () => {
  it("takes a device's up topic of a known kind, and nothing else", () => {
    expect(topics.parseUplink('herald/SN0001/up/result')).toEqual({ sn: 'SN0001', kind: 'result' });
    expect(topics.parseUplink('herald/SN0001/up/unknown')).toBeNull();
    expect(topics.parseUplink('herald/SN0001/down/job')).toBeNull();
    expect(topics.parseUplink('herald/S+/up/ack')).toBeNull();
    expect(topics.parseUplink('$CONTROL/dynamic-security/v1/response')).toBeNull();
  });
});
