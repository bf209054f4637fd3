import net from 'node:net';

/** An answer as the fuzzer judges it: status, content type and the body's bytes as text. */
export type Answer = { status: number; contentType: string; body: string };

/**
 * One request over a fresh TCP connection to the server, written byte for byte as given: an
 * HTTP client library would refuse to send most of what the fuzzer wants the server to see
 * (control characters in the path, header bytes, a Content-Length that lies, chunked bodies),
 * and those are the cases that reach Node's own parser and Fastify's framework errors.
 * `Connection: close` ends every exchange, so the answer is everything up to the close.
 */
export function rawRequest(
  port: number,
  { head, body }: { head: string; body: Buffer },
  timeoutMs = 10_000,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('connect', () => {
      socket.write(Buffer.concat([Buffer.from(head, 'utf8'), body]));
    });
    socket.on('data', (c) => {
      chunks.push(c);
      // the first complete answer is enough (bytes after a lying Content-Length make a second one)
      const parsed = parse(Buffer.concat(chunks));
      if (parsed) {
        clearTimeout(timer);
        socket.destroy();
        resolve(parsed);
      }
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const parsed = parse(Buffer.concat(chunks), true);
      if (parsed) resolve(parsed);
      else reject(new Error(`connection closed without an answer (${Buffer.concat(chunks).length} bytes)`));
    });
  });
}

/** The first final HTTP/1.1 answer in `data` (interim 1xx ones skipped), or undefined while it is incomplete. */
function parse(data: Buffer, closed = false): Answer | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const lines = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1]);
  if (!status) throw new Error(`not an HTTP answer: ${JSON.stringify(lines[0])}`);
  if (status < 200) return parse(data.subarray(end + 4), closed);
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const at = line.indexOf(':');
    headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  const rest = data.subarray(end + 4);
  const contentType = headers.get('content-type') ?? '';
  const length = headers.get('content-length');
  if (length !== undefined) {
    if (rest.length < Number(length)) return undefined;
    return { status, contentType, body: rest.subarray(0, Number(length)).toString('utf8') };
  }
  if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) {
    const body = dechunk(rest);
    return body === undefined ? undefined : { status, contentType, body: body.toString('utf8') };
  }
  if (status === 204 || status === 304) return { status, contentType, body: '' };
  return closed ? { status, contentType, body: rest.toString('utf8') } : undefined;
}

function dechunk(data: Buffer): Buffer | undefined {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = data.indexOf('\r\n', at);
    if (eol < 0) return undefined;
    const size = parseInt(data.subarray(at, eol).toString('latin1'), 16);
    if (Number.isNaN(size)) throw new Error('bad chunk size');
    if (size === 0) return Buffer.concat(parts);
    if (data.length < eol + 2 + size + 2) return undefined;
    parts.push(data.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** Ways to write a request's head that only a raw socket can (fuzz-cases.ts picks one). */
export const RAW_KINDS = [
  'hugeHeader',
  'badHeaderName',
  'controlInPath',
  'spaceInPath',
  'unknownMethod',
  'chunked',
  'chunkedAndLength',
  'shortLength',
  'http10',
  'absoluteForm',
  'expectContinue',
] as const;
export type RawKind = (typeof RAW_KINDS)[number];

/**
 * The bytes of a request: its head (as HTTP/1.1 clients write it, or wrongly as `raw` says) and
 * its body (chunked when asked for).
 */
export function requestBytes(
  r: { method: string; target: string; headers: Record<string, string>; body?: Buffer; raw?: RawKind },
  port: number,
): { head: string; body: Buffer } {
  let body = r.body ?? Buffer.alloc(0);
  let method = r.method;
  let target = r.target;
  let version = 'HTTP/1.1';
  const lines: string[] = [`host: 127.0.0.1:${port}`, 'connection: close'];
  for (const [k, v] of Object.entries(r.headers)) lines.push(`${k}: ${v.replace(/[\r\n]/g, ' ')}`);
  let length: string | undefined = r.body || method !== 'GET' ? String(body.length) : undefined;
  switch (r.raw) {
    case 'hugeHeader':
      lines.push(`x-fuzz-pad: ${'a'.repeat(20_000)}`);
      break;
    case 'badHeaderName':
      lines.push('x-fuzz bad: 1');
      break;
    case 'controlInPath':
      target += '\u0001';
      break;
    case 'spaceInPath':
      target = target.replace(/\/([^/]*)$/, '/ $1');
      break;
    case 'unknownMethod':
      method = 'FUZZ';
      break;
    case 'chunked':
    case 'chunkedAndLength': {
      const half = Math.floor(body.length / 2);
      const chunk = (b: Buffer) =>
        b.length ? [Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')] : [];
      body = Buffer.concat([...chunk(body.subarray(0, half)), ...chunk(body.subarray(half)), Buffer.from('0\r\n\r\n')]);
      lines.push('transfer-encoding: chunked');
      if (r.raw === 'chunked') length = undefined;
      break;
    }
    case 'shortLength':
      length = String(Math.max(0, body.length - 3));
      break;
    case 'http10':
      version = 'HTTP/1.0';
      lines.shift();
      break;
    case 'absoluteForm':
      target = `http://127.0.0.1:${port}${target}`;
      break;
    case 'expectContinue':
      lines.push('expect: 100-continue');
      break;
  }
  if (length !== undefined) lines.push(`content-length: ${length}`);
  return { head: `${method} ${target} ${version}\r\n${lines.join('\r\n')}\r\n\r\n`, body };
}
