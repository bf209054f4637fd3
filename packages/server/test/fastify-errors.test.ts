import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeer, startServer, type TestServer } from './harness';

/**
 * The refusals Fastify and Node's HTTP parser make before any of Herald's routes run — a request
 * line and headers over 16 KB, a request that is not HTTP, a URL that is not valid
 * percent-encoding, a body too large, of another type or not JSON, a request arriving while the
 * server closes — over real HTTP (raw sockets on loopback, so nothing is tidied up on the way):
 * each comes back in Herald's envelope, in the request's language, with the headers every answer
 * carries, and the 503 with Retry-After.
 */

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await server?.close();
});

type Answer = { status: number; headers: Record<string, string>; body: unknown };

/** Reads one HTTP/1.1 answer (with a Content-Length) off a socket. */
function readAnswer(socket: net.Socket): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let buf = Buffer.alloc(0);
    const parse = () => {
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = buf.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      const length = Number(headers['content-length']);
      if (buf.length < end + 4 + length) return;
      socket.off('data', onData);
      const text = buf.subarray(end + 4, end + 4 + length).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body });
    };
    const onData = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      parse();
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`closed without an answer: ${buf.toString('latin1').slice(0, 300)}`)));
  });
}

/** Sends `text` as is on a new connection to `to` and reads the answer. */
async function raw(text: string, to = port): Promise<Answer> {
  const socket = net.connect(to, '127.0.0.1');
  const answer = readAnswer(socket);
  socket.write(text);
  try {
    return await answer;
  } finally {
    socket.destroy();
  }
}

const post = (path: string, type: string, body: string, length = Buffer.byteLength(body)) =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nLang: zh_CN\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n${body}`;

/** The envelope of a refusal, and the headers every answer carries. */
function expectRefusal(a: Answer, status: number, code: number, message: string) {
  expect(a.status, JSON.stringify(a)).toBe(status);
  expect(a.body).toEqual({ code, message, data: null });
  expect(a.headers['content-type']).toMatch(/^application\/json/);
  expect(a.headers['x-content-type-options']).toBe('nosniff');
  expect(a.headers['content-security-policy']).toContain("frame-ancestors 'none'");
}

describe("refusals made before Herald's routes run", () => {
  it('a request line over 16 KB: 431 in the envelope, in the language its query asks for', async () => {
    const a = await raw(`GET /v1/accounts?lang=zh_CN&name=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectRefusal(a, 431, 40010, '请求地址或请求头过大');
    expect(a.headers.connection).toBe('close');
  });

  it('headers over 16 KB: 431 in the envelope, in the language of its lang header', async () => {
    const a = await raw(`GET /v1/accounts HTTP/1.1\r\nHost: x\r\nlang: en_US\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectRefusal(a, 431, 40010, 'Request address or headers too large');
  });

  it('a request that is not HTTP: 400 in the envelope', async () => {
    expectRefusal(await raw('HELLO THERE\r\n\r\n'), 400, 40010, 'Incorrect format');
  });

  it('a URL that is not valid percent-encoding: 400 in the envelope, with the headers', async () => {
    const a = await raw('GET /v1/% HTTP/1.1\r\nHost: x\r\nLang: zh_CN\r\nConnection: close\r\n\r\n');
    expectRefusal(a, 400, 40010, '格式不正确');
  });

  it('a body over the limit, of another type, or not JSON: the envelope', async () => {
    expectRefusal(
      await raw(post('/user/login', 'application/json', '{"username":', 50 * 1024 * 1024)),
      413,
      40010,
      '请求内容过大',
    );
    expectRefusal(
      await raw(post('/user/login', 'application/xml', '<username>a</username>')),
      415,
      40010,
      '不支持的内容类型（请使用 application/json）',
    );
    expectRefusal(await raw(post('/user/login', 'application/json', '{"username":')), 400, 40010, '格式不正确');
  });

  it('a request arriving while the server closes: 503 in the envelope, with Retry-After', async () => {
    // a node of its own (the database is the first server's), closed by this test
    const peer = await startPeer(server);
    await peer.app.listen({ port: 0, host: '127.0.0.1' });
    const peerPort = (peer.app.server.address() as net.AddressInfo).port;
    // a request under way (its headers not finished) holds the connection open through the close
    const socket = net.connect(peerPort, '127.0.0.1');
    const answer = readAnswer(socket);
    socket.write('GET /v1/common/dicts HTTP/1.1\r\nHost: x\r\nLang: zh_CN\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = peer.close();
    // Fastify is closing once the server stops listening
    await expect.poll(() => peer.app.server.listening, { timeout: 10_000 }).toBe(false);
    socket.write('\r\n');
    try {
      const a = await answer;
      expectRefusal(a, 503, 50003, '服务器正在关闭，请稍后重试');
      expect(a.headers['retry-after']).toBe('2');
    } finally {
      socket.destroy();
      await closed;
    }
  });
});
