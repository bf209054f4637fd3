import net from 'node:net';

/**
 * The load generator's transport: `connections` keep-alive HTTP/1.1 sockets to one server, one
 * call at a time on each (calls beyond them wait here, and that wait counts in their latency), as
 * a `fetch` that gives the SDK what it reads (status and text). The SDK still builds, signs and
 * checks every call; only the transport is bare.
 *
 * Why not undici: the generator shares the two cores with the server it measures, and undici's
 * `request` was ~40 % of the generator's CPU (a profile of bench/push.ts at 1,000 calls/s, ~0.12
 * ms a call). This is the part of a client a benchmark needs — write a request, read an answer
 * with a content-length — and nothing else (no redirects, no chunked answers, no pipelining).
 */
export function keepAliveFetch(host: string, port: number, connections: number): typeof fetch {
  const idle: Conn[] = [];
  const waiting: Call[] = [];
  let open = 0;

  const take = (call: Call) => {
    const conn = idle.pop() ?? (open < connections ? (open++, new Conn(host, port, release, closed)) : undefined);
    if (conn) conn.run(call);
    else waiting.push(call);
  };
  const release = (conn: Conn) => {
    const next = waiting.shift();
    if (next) conn.run(next);
    else idle.push(conn);
  };
  const closed = (conn: Conn) => {
    open--;
    const i = idle.indexOf(conn);
    if (i >= 0) idle.splice(i, 1);
    // a call that waited for a socket gets a new one
    const next = waiting.shift();
    if (next) take(next);
  };

  return ((input: string | URL, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(String(input));
      const body = init.body === undefined || init.body === null ? Buffer.alloc(0) : Buffer.from(init.body as Buffer);
      let head = `${init.method ?? 'GET'} ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\n`;
      for (const [k, v] of Object.entries((init.headers ?? {}) as Record<string, string>)) head += `${k}: ${v}\r\n`;
      head += `content-length: ${body.length}\r\n\r\n`;
      const call: Call = { bytes: Buffer.concat([Buffer.from(head, 'latin1'), body]), resolve, reject };
      const signal = init.signal;
      if (signal) {
        if (signal.aborted) return reject(signal.reason);
        signal.addEventListener(
          'abort',
          () => {
            const i = waiting.indexOf(call);
            if (i >= 0) waiting.splice(i, 1);
            // an answer may still come on its socket: that socket is done for
            call.conn?.abandon(call);
            reject(signal.reason);
          },
          { once: true },
        );
      }
      take(call);
    })) as typeof fetch;
}

type Call = {
  bytes: Buffer;
  resolve: (r: Response) => void;
  reject: (e: unknown) => void;
  conn?: Conn;
};

const HEAD_END = Buffer.from('\r\n\r\n');

/** One keep-alive socket, one call at a time. */
class Conn {
  private socket: net.Socket;
  private call: Call | undefined;
  private buf: Buffer = Buffer.alloc(0);
  private dead = false;

  constructor(
    host: string,
    port: number,
    private readonly release: (c: Conn) => void,
    private readonly closed: (c: Conn) => void,
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk) => this.onData(chunk));
    this.socket.on('error', (err) => this.fail(err));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  run(call: Call) {
    call.conn = this;
    this.call = call;
    this.socket.write(call.bytes);
  }

  /** The call was given up: close the socket so its late answer cannot be taken for the next call's. */
  abandon(call: Call) {
    if (this.call === call) this.call = undefined;
    this.fail(new Error('call abandoned'));
  }

  private onData(chunk: Buffer) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const end = this.buf.indexOf(HEAD_END);
    if (end < 0 || !this.call) return;
    const head = this.buf.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!m) return this.fail(new Error(`answer without content-length: ${head.split('\r\n')[0]}`));
    const total = end + 4 + Number(m[1]);
    if (this.buf.length < total) return;
    const text = this.buf.toString('utf8', end + 4, total);
    this.buf = this.buf.subarray(total);
    const call = this.call;
    this.call = undefined;
    call.resolve({ status, ok: status >= 200 && status < 300, text: () => Promise.resolve(text) } as Response);
    this.release(this);
  }

  private fail(err: Error) {
    if (this.dead) return;
    this.dead = true;
    this.closed(this);
    this.socket.destroy();
    const call = this.call;
    this.call = undefined;
    call?.reject(err);
  }
}
