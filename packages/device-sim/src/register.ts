import { deviceRegisterResponse } from '@herald/contract';
import { registrationSign } from '@herald/contract/device-sign';

export type Registration = { httpUrl: string; appKey: string; appSecret: string; modelCode: string; sn: string };

/** Herald refused a registration; `code` and `message` are the envelope's. */
export class RegistrationError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Dynamic registration (one-model-one-secret): prove the application's secret, receive the
 * device's own secret (POST /device/v1/register).
 */
export async function registerDevice(r: Registration): Promise<string> {
  const timestamp = Date.now();
  const body = {
    appKey: r.appKey,
    modelCode: r.modelCode,
    sn: r.sn,
    timestamp,
    sign: registrationSign(r.appSecret, { appKey: r.appKey, modelCode: r.modelCode, sn: r.sn, timestamp }),
  };
  const res = await fetch(`${r.httpUrl.replace(/\/$/, '')}/device/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message: string; data: unknown };
  if (json.code !== 20000) throw new RegistrationError(json.code, json.message);
  return deviceRegisterResponse.parse(json.data).deviceSecret;
}
