import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for EMQX's REST API on 127.0.0.1: DELETE /api/v5/clients/:clientid with basic auth.
 * It answers like EMQX: 401 for bad credentials, 404 for a client that is not connected, 204 once
 * kicked; `fail` makes it answer 503. Every request is recorded, and how many were answered at once.
 */
export async function startEmqxStub(key: string, secret: string) {
  const requests: { method: string; url: string; authorization: string | undefined }[] = [];
  const connected = new Set<string>();
  /** `delayMs`: each answer that long after its request; `inFlight`/`maxInFlight`: requests being answered */
  const state = { fail: false, delayMs: 0, inFlight: 0, maxInFlight: 0 };
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
    state.maxInFlight = Math.max(state.maxInFlight, ++state.inFlight);
    res.on('close', () => state.inFlight--);
    const expected = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
    const m = /^\/api\/v5\/clients\/([^/]+)$/.exec(req.url ?? '');
    const answer = (status: number, body?: object) =>
      setTimeout(() => {
        res.writeHead(status, body ? { 'content-type': 'application/json' } : {});
        res.end(body ? JSON.stringify(body) : undefined);
      }, state.delayMs);
    if (req.headers.authorization !== expected) return answer(401, { code: 'BAD_API_KEY_OR_SECRET' });
    if (req.method !== 'DELETE' || !m) return answer(405, { code: 'METHOD_NOT_ALLOWED' });
    if (state.fail) return answer(503, { code: 'SERVICE_UNAVAILABLE' });
    const clientId = decodeURIComponent(m[1]!);
    if (!connected.delete(clientId)) return answer(404, { code: 'CLIENTID_NOT_FOUND' });
    return answer(204);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/api/v5`,
    requests,
    connected,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
