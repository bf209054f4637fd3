import { expect } from 'vitest';
import type { ApiClient, ApiResponse, Herald } from './harness';

/** A real 1×1 PNG (a model needs an image). */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export async function ok(res: Promise<ApiResponse>, what: string) {
  const { body } = await res;
  expect(body.code, `${what}: ${JSON.stringify(body)}`).toBe(20000);
  return body.data;
}

export type Owner = { username: string; email: string; password: string };

/**
 * The ground every story stands on, through the API: the operator replaces the initial password,
 * creates the models and an account, and the account admin activates through the mailed link.
 * Returns the operator's client and the models' ids by code.
 */
export async function operatorAndAccount(
  herald: Herald,
  o: {
    opPassword: string;
    owner: Owner;
    accountName: string;
    models: { name: string; code: string; type: 'printer' | 'speaker' | 'broadcast' }[];
  },
): Promise<{ op: ApiClient; modelIds: Record<string, number> }> {
  const first = await herald.api().login('admin', herald.adminPassword);
  await ok(
    first.post('/users/current/password', {
      oldPassword: herald.adminPassword,
      newPassword: o.opPassword,
      confirmPassword: o.opPassword,
    }),
    'change the operator password',
  );
  const op = await herald.api().login('admin', o.opPassword);
  const modelIds: Record<string, number> = {};
  for (const m of o.models) {
    const created = (await ok(op.post('/v1/models', { ...m, image: PNG_DATA_URL }), `create model ${m.code}`)) as {
      id: number;
    };
    modelIds[m.code] = created.id;
  }
  await ok(
    op.post('/v1/accounts', {
      name: o.accountName,
      country: 'CN',
      timeZone: 'Asia/Shanghai',
      industry: '03',
      subjectType: 'business',
      subjectName: `${o.accountName} Ltd`,
      adminEmail: o.owner.email,
      adminUsername: o.owner.username,
    }),
    'create account',
  );
  const mail = await op.latestMail(o.owner.email);
  const token = new URL(mail.link!).searchParams.get('token');
  await ok(
    herald.api().post('/users/active/user', { token, password: o.owner.password, confirmPassword: o.owner.password }),
    'activate the account admin',
  );
  return { op, modelIds };
}
