import net from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../src/db/schema';
import { claimMails, MAIL_LEASE_MS, Mailer } from '../src/modules/mail/mailer';
import { adminClient, expectOk, startPeer, startServer } from './harness';

/**
 * A minimal SMTP peer on loopback (RFC 5321 happy path, no TLS, no auth): enough to see what
 * Herald's dispatcher really sends over the wire.
 */
function smtpServer(opts: { failRcpt?: boolean } = {}) {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let from = '';
    let to: string[] = [];
    let data: string | undefined;
    let buf = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      for (;;) {
        if (data !== undefined) {
          const end = buf.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push({ from, to, data: data + buf.slice(0, end) });
          buf = buf.slice(end + 5);
          data = undefined;
          to = [];
          socket.write('250 queued\r\n');
          continue;
        }
        const nl = buf.indexOf('\r\n');
        if (nl < 0) return;
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 2);
        const cmd = line.slice(0, 4).toUpperCase();
        let reply = '250 ok';
        if (cmd === 'EHLO' || cmd === 'HELO') reply = '250 test';
        else if (cmd === 'MAIL') from = line;
        else if (cmd === 'RCPT' && opts.failRcpt) reply = '550 no such user';
        else if (cmd === 'RCPT') to.push(line);
        else if (cmd === 'DATA') {
          data = '';
          reply = '354 go ahead';
        } else if (cmd === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        }
        socket.write(`${reply}\r\n`);
      }
    });
  });
  return new Promise<{ port: number; received: typeof received; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as net.AddressInfo).port, received, close: () => server.close() }),
    ),
  );
}

const account = (email: string) => ({
  name: `Mail ${Date.now()}${Math.random()}`,
  country: 'DE',
  timeZone: 'Europe/Berlin',
  industry: '02',
  subjectType: 'business',
  subjectName: 'Mail GmbH',
  adminEmail: email,
});

describe('mail through SMTP when SMTP_URL is set', () => {
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    smtp = await smtpServer();
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Herald <herald@example.com>' });
  });
  afterAll(async () => {
    await server?.close();
    smtp?.close();
  });

  it('delivers the activation mail and records it as sent', async () => {
    const op = await adminClient(server);
    expectOk(await op.post('/v1/accounts', account('owner@mail.example')));
    await server.deps.mailer.dispatch();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to.join()).toContain('owner@mail.example');
    expect(smtp.received[0]!.from).toContain('herald@example.com');
    expect(smtp.received[0]!.data).toContain('/activation?token=');
    const [row] = await server.deps.db.select().from(mails).where(eq(mails.to, 'owner@mail.example'));
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.error).toBeNull();
  });
});

describe('a failing SMTP server', () => {
  it('keeps the mail unsent with the error, for a later retry', async () => {
    const smtp = await smtpServer({ failRcpt: true });
    const server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const op = await adminClient(server);
      expectOk(await op.post('/v1/accounts', account('nobody@mail.example')));
      await server.deps.mailer.dispatch();
      const [row] = await server.deps.db.select().from(mails).where(eq(mails.to, 'nobody@mail.example'));
      expect(row!.sentAt).toBeNull();
      expect(row!.error).toMatch(/550|recipient/i);
    } finally {
      await server.close();
      smtp.close();
    }
  });
});

describe('mail without SMTP_URL', () => {
  it('keeps the mail in the outbox table and notes it in the log, without the token of its link', async () => {
    const server = await startServer();
    try {
      const lines: string[] = [];
      const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
      const mailer = new Mailer(server.deps.db, log, { from: 'Herald <no-reply@herald.local>' });
      await mailer.queue(server.deps.db, {
        to: 'outbox@mail.example',
        kind: 'activation',
        subject: 'Activate',
        body: 'open http://localhost:8080/activation?token=abc',
        link: 'http://localhost:8080/activation?token=abc',
      });
      const entry = JSON.parse(lines.find((l) => l.includes('mail outbox'))!);
      expect(entry).toMatchObject({
        to: 'outbox@mail.example',
        link: 'http://localhost:8080/activation?token=[redacted]',
      });
      expect(lines.join('\n')).not.toContain('token=abc');
      await mailer.dispatch(); // no SMTP: nothing to deliver, the row stays as it is
      const [row] = await server.deps.db.select().from(mails).where(eq(mails.to, 'outbox@mail.example'));
      expect(row).toMatchObject({
        kind: 'activation',
        sentAt: null,
        link: 'http://localhost:8080/activation?token=abc',
      });
      // and the operator super-administrator reads it through the API
      const op = await adminClient(server);
      const page = expectOk(await op.get('/v1/mails?to=outbox%40mail.example'));
      expect(page.list[0]).toMatchObject({ link: 'http://localhost:8080/activation?token=abc', sentAt: null });
    } finally {
      await server.close();
    }
  });
});

describe('mail with several servers on one database', () => {
  const mail = (to: string) => ({ to, kind: 'activation' as const, subject: 'Activate', body: `hello ${to}` });

  it('sends each mail once when two servers dispatch together', async () => {
    const smtp = await smtpServer();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
    const a = await startServer(env);
    const b = await startPeer(a, env);
    try {
      const to = Array.from({ length: 12 }, (_, i) => `twelve${i}@mail.example`);
      for (const t of to) await a.deps.mailer.queue(a.deps.db, mail(t));
      await Promise.all([a.deps.mailer.dispatch(), b.deps.mailer.dispatch()]);
      await Promise.all([a.deps.mailer.dispatch(), b.deps.mailer.dispatch()]);
      expect(smtp.received.map((m) => m.data.match(/hello (\S+)/)![1]).sort()).toEqual([...to].sort());
      const rows = await a.deps.db.select().from(mails).where(inArray(mails.to, to));
      expect(rows.every((r) => r.sentAt instanceof Date && r.claimedAt === null)).toBe(true);
    } finally {
      await b.close();
      await a.close();
      smtp.close();
    }
  });

  it("takes over a dead server's claim after the lease, and retries another server's failure", async () => {
    const good = await smtpServer();
    const bad = await smtpServer({ failRcpt: true });
    const a = await startServer({ SMTP_URL: `smtp://127.0.0.1:${bad.port}` });
    const b = await startPeer(a, { SMTP_URL: `smtp://127.0.0.1:${good.port}` });
    try {
      const db = a.deps.db;
      // a live claim is left alone
      await a.deps.mailer.queue(db, mail('claimed@mail.example'));
      expect(await claimMails(db, 20)).toHaveLength(1);
      // a server claimed this one and died while sending it
      await a.deps.mailer.queue(db, mail('orphan@mail.example'));
      expect(await claimMails(db, 20, new Date(Date.now() - MAIL_LEASE_MS - 1000))).toHaveLength(1);
      await b.deps.mailer.dispatch();
      expect(good.received.map((m) => m.data.match(/hello (\S+)/)![1])).toEqual(['orphan@mail.example']);

      // server a fails to send; server b retries it once the failed try's lease is over
      await a.deps.mailer.queue(db, mail('retry@mail.example'));
      await a.deps.mailer.dispatch();
      const [failed] = await db.select().from(mails).where(eq(mails.to, 'retry@mail.example'));
      expect(failed!.sentAt).toBeNull();
      expect(failed!.error).toMatch(/550|recipient/i);
      await b.deps.mailer.dispatch();
      expect(good.received).toHaveLength(1); // not before the lease ends
      await db
        .update(mails)
        .set({ claimedAt: sql`claimed_at - ${`${MAIL_LEASE_MS + 1000} milliseconds`}::interval` })
        .where(eq(mails.to, 'retry@mail.example'));
      await b.deps.mailer.dispatch();
      expect(good.received.map((m) => m.data.match(/hello (\S+)/)![1])).toEqual([
        'orphan@mail.example',
        'retry@mail.example',
      ]);
      const [sent] = await db.select().from(mails).where(eq(mails.to, 'retry@mail.example'));
      expect(sent!.sentAt).toBeInstanceOf(Date);
    } finally {
      await b.close();
      await a.close();
      good.close();
      bad.close();
    }
  });
});
