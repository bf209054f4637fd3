import type { Server } from '../src/app';
import type { Client, Res } from './harness';

/**
 * Upload raw bytes as `POST /v1/files` does it: the body is the file, name and purpose in the
 * query. Returns the envelope like Client.call does. Other tests use it to make firmware and
 * resource packages out of zips from zip-fixture.ts.
 */
export async function upload(
  server: Server,
  client: Client,
  q: { purpose: string; name: string; md5?: string; size?: number; lang?: string },
  data: Buffer,
  headers: Record<string, string> = {},
): Promise<Res> {
  const params = new URLSearchParams(
    Object.entries({ lang: 'en_US', ...q })
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)] as [string, string]),
  );
  const res = await server.app.inject({
    method: 'POST',
    url: `/v1/files?${params}`,
    payload: data,
    headers: {
      'content-type': 'application/octet-stream',
      ...(client.token ? { authorization: `Bearer ${client.token}` } : {}),
      ...headers,
    },
  });
  let body;
  try {
    body = res.json();
  } catch {
    body = { raw: res.body };
  }
  return { status: res.statusCode, body };
}

/** Upload and expect success; the stored file's metadata. */
export async function uploaded(
  server: Server,
  client: Client,
  q: { purpose: string; name: string },
  data: Buffer,
): Promise<{ id: number; md5: string; sha256: string; size: number; entries: { path: string; size: number }[] }> {
  const res = await upload(server, client, q, data);
  if (res.body.code !== 20000) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
