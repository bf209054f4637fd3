import { LIVE_PATH } from '@herald/contract';

export type Received = { id?: string; event: string; data: Record<string, unknown> };

/**
 * A console's live stream over real HTTP, read as the console reads it (fetch with the bearer
 * header, Accept: text/event-stream): the events it got so far, and a wait for one.
 */
export class LiveStream {
  readonly events: Received[] = [];
  status = 0;
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];
  ended = false;

  private constructor() {}

  static async open(base: string, token: string, headers: Record<string, string> = {}): Promise<LiveStream> {
    const s = new LiveStream();
    const res = await fetch(`${base}${LIVE_PATH}?lang=en_US`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...headers },
      signal: s.abort.signal,
    });
    s.status = res.status;
    if (!res.ok || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
      s.events.push({ event: 'answer', data: (await res.json()) as Record<string, unknown> });
      s.ended = true;
      return s;
    }
    void s.read(res.body!);
    await s.next((e) => e.event === 'ready');
    return s;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const e: Partial<Received> & { raw?: string } = {};
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('data: ')) e.data = JSON.parse(line.slice(6)) as Record<string, unknown>;
          }
          if (e.event) this.events.push(e as Received);
        }
        this.wake();
      }
    } catch {
      // aborted
    }
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** The first event (received or to come) that matches. */
  async next(match: (e: Received) => boolean, ms = 10_000): Promise<Received> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (this.ended) throw new Error(`stream ended; got ${JSON.stringify(this.events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event in ${ms} ms; got ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => (clearTimeout(t), resolve()));
      });
    }
  }

  /** Wait for the stream's end (the server closed it). */
  async closed(ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error('stream still open');
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 100);
        this.waiters.push(() => (clearTimeout(t), resolve()));
      });
    }
  }

  of(event: string): Received[] {
    return this.events.filter((e) => e.event === event);
  }

  close(): void {
    this.abort.abort();
  }
}
