import { createHmac } from 'node:crypto';

/**
 * Device credentials (Node only; not exported from the contract's browser entry).
 *
 * MQTT connect: clientId = S/N, username = `<sn>|<timestamp ms>|hmacsha256`,
 * password = hex HMAC-SHA256(deviceSecret, `clientId<sn>sn<sn>timestamp<ts>`). The raw secret never
 * travels; Herald accepts timestamps within ±MQTT_CLOCK_SKEW_MS of its own clock.
 */
export const MQTT_CLOCK_SKEW_MS = 60 * 60 * 1000;

export const hmacHex = (key: string, content: string) => createHmac('sha256', key).update(content).digest('hex');

export function mqttCredentials(sn: string, deviceSecret: string, ts = Date.now()) {
  return {
    clientId: sn,
    username: `${sn}|${ts}|hmacsha256`,
    password: hmacHex(deviceSecret, `clientId${sn}sn${sn}timestamp${ts}`),
  };
}

export function parseMqttUsername(username: string): { sn: string; ts: number; method: string } | null {
  const [sn, ts, method] = username.split('|');
  if (!sn || !ts || method !== 'hmacsha256' || !/^\d{10,16}$/.test(ts)) return null;
  return { sn, ts: Number(ts), method };
}

/**
 * Dynamic registration (one-model-one-secret): the device proves it holds the application's
 * secret and receives its own device secret. sign = hex HMAC-SHA256(appSecret,
 * `appKey<appKey>modelCode<modelCode>sn<sn>timestamp<ts>`).
 */
export function registrationSign(
  appSecret: string,
  p: { appKey: string; modelCode: string; sn: string; timestamp: number },
) {
  return hmacHex(appSecret, `appKey${p.appKey}modelCode${p.modelCode}sn${p.sn}timestamp${p.timestamp}`);
}

/**
 * Static MQTT password, only for an external broker that checks plain passwords itself
 * (Mosquitto's dynamic-security plugin): username = S/N, password = hex HMAC-SHA256(secret, "mqtt").
 * Still never the raw secret, but replayable — prefer the timestamped credentials above.
 */
export const mqttStaticPassword = (deviceSecret: string) => hmacHex(deviceSecret, 'mqtt');
