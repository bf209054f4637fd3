import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mqttCredentials, mqttStaticPassword, parseMqttUsername, registrationSign } from './sign';

/**
 * The worked examples of docs/device-protocol.md, read from the page itself: firmware teams check
 * their HMAC code against them, so the page's values must be what this code computes. The
 * literals pin the algorithm too: a change here that the page followed would still break devices.
 */
const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/device-protocol.md'), 'utf8');

/** The `key value` lines of the first ```text block after `marker`. */
function example(marker: string): Record<string, string> {
  const at = doc.indexOf(marker);
  expect(at, `"${marker}" in docs/device-protocol.md`).toBeGreaterThanOrEqual(0);
  const block = /```text\n([\s\S]*?)```/.exec(doc.slice(at));
  expect(block, `a text block after "${marker}"`).not.toBeNull();
  return Object.fromEntries(
    block![1]!
      .trim()
      .split('\n')
      .map((line) => /^(\S+)\s+(\S+)$/.exec(line.trim())!.slice(1, 3) as [string, string]),
  );
}

describe('the device protocol page’s credential examples', () => {
  it('§ 1.1: username and password of an MQTT connection', () => {
    const e = example('### 1.1 Credentials');
    const creds = mqttCredentials(e.sn!, e.secret!, Number(e.ts));
    expect(creds).toEqual({ clientId: e.sn, username: e.username, password: e.password });
    expect(e.message).toBe(`clientId${e.sn}sn${e.sn}timestamp${e.ts}`);
    expect(parseMqttUsername(e.username!)).toEqual({ sn: e.sn, ts: Number(e.ts), method: 'hmacsha256' });
    expect(creds.password).toBe('728536831a754de9c7dd4133dcfcde23b1df5fe83ac73de72decc5b212d7c8bf');
  });

  it('§ 1.2: the sign of a dynamic registration', () => {
    const e = example('Worked example of `sign`');
    const p = { appKey: e.appKey!, modelCode: e.modelCode!, sn: e.sn!, timestamp: Number(e.timestamp) };
    expect(e.message).toBe(`appKey${p.appKey}modelCode${p.modelCode}sn${p.sn}timestamp${p.timestamp}`);
    expect(registrationSign(e.appSecret!, p)).toBe(e.sign);
    expect(e.sign).toBe('58ad11c635dd2d6f1c166d7816f4086685113d8dd8214d8890d729f366d1a369');
  });

  it('§ 12: the static password for a broker that checks passwords itself', () => {
    const m = /`mqttStaticPassword`; for the secret `([^`]+)`:\s*`([0-9a-f]{64})`/.exec(doc);
    expect(m, 'the static password example').not.toBeNull();
    expect(mqttStaticPassword(m![1]!)).toBe(m![2]);
    expect(m![2]).toBe('0fbb3602de88c7db96f040226e0c02845d16fe9140b86ef49c2c54bff981a4d1');
  });
});
