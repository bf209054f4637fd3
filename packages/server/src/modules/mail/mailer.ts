import { eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mails } from '../../db/schema';
import { redactUrl } from '../../lib/log-redact';
import type { RoundWorker } from '../../lib/workers';

export type MailKind = 'activation' | 'resetPassword' | 'changeAdmin' | 'emailChanged' | 'alert';
export type OutgoingMail = { to: string; subject: string; body: string; kind: MailKind; link?: string };

/**
 * How long a server's claim on a mail holds: a server that dies while sending leaves its mails to
 * the others after this. Longer than a send can take (the transport's timeouts below), so a slow
 * send is not taken and sent again by another server; a failed send is also retried after it.
 */
export const MAIL_LEASE_MS = 5 * 60_000;
/** A mail whose error log grew past this is given up (about 20 failed tries). */
const ERROR_LOG_MAX = 2000;
const BATCH = 20;
/** How often a server with SMTP_URL looks for mail to send. */
const DISPATCH_EVERY_MS = 10_000;

/**
 * Mail goes into the `mails` table first (in the caller's transaction), so a rolled-back
 * change sends nothing. With SMTP_URL set, a dispatcher delivers pending rows and records the
 * outcome; without it the table is the outbox (GET /v1/mails), and the log notes each mail.
 *
 * Several servers may dispatch at once: each claims its mails first (`claimed_at`, taken with
 * FOR UPDATE SKIP LOCKED), so a mail is sent by one of them, and once.
 */
export class Mailer {
  // a promise: nodemailer (~450 KiB of modules) is loaded only by a server that sends mail
  private transport: Promise<Transporter> | undefined;
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { smtpUrl?: string; from: string },
  ) {
    // a send never outlasts the claim's lease (nodemailer's own socket timeout is 10 minutes)
    const url = opts.smtpUrl;
    if (url)
      this.transport = import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }),
      );
  }

  async queue(tx: Db, mail: OutgoingMail): Promise<void> {
    await tx.insert(mails).values({ ...mail, link: mail.link ?? null });
    // the link's token is a credential (it sets a password): the log says a mail waits, the outbox holds it
    if (!this.transport)
      this.log.info(
        { to: mail.to, kind: mail.kind, link: mail.link && redactUrl(mail.link) },
        `mail outbox: ${mail.subject}`,
      );
  }

  /** Whether it sends mail (SMTP_URL), or only keeps the outbox. */
  get sends(): boolean {
    return this.transport !== undefined;
  }

  /** Deliver pending mails now (the worker's round; tests call it); a server closing stops it between batches. */
  async dispatch(signal?: AbortSignal): Promise<void> {
    if (!this.transport || this.running) return;
    this.running = true;
    try {
      for (let pending = await claimMails(this.db, BATCH); pending.length > 0;) {
        await this.send(pending);
        pending = pending.length < BATCH || signal?.aborted ? [] : await claimMails(this.db, BATCH);
      }
    } finally {
      this.running = false;
    }
  }

  private async send(pending: ClaimedMail[]): Promise<void> {
    const transport = await this.transport!;
    for (const m of pending) {
      try {
        await transport.sendMail({ from: this.opts.from, to: m.to, subject: m.subject, text: m.body });
        await this.db.update(mails).set({ sentAt: new Date(), error: null, claimedAt: null }).where(eq(mails.id, m.id));
      } catch (err) {
        // the claim stays: any server retries it once the lease is over
        const msg = `${new Date().toISOString()} ${(err as Error).message}\n`;
        await this.db
          .update(mails)
          .set({ error: sql`coalesce(${mails.error}, '') || ${msg}` })
          .where(eq(mails.id, m.id));
      }
    }
  }
}

/** Sends the mail that waits, from every server with SMTP_URL (each mail claimed by one of them). */
export const mailDispatch = (mailer: Mailer): RoundWorker => ({
  name: 'mail dispatch',
  everyMs: DISPATCH_EVERY_MS,
  round: (signal) => mailer.dispatch(signal),
});

type ClaimedMail = { id: number; to: string; subject: string; body: string };

/**
 * Take up to `limit` unsent mails for this server: ones nobody claimed, and ones whose claim's lease
 * is over (the server died while sending, or the send failed). Rows another server is claiming at
 * this moment are skipped, not waited for.
 */
export async function claimMails(db: Db, limit: number, now = new Date()): Promise<ClaimedMail[]> {
  const expired = new Date(now.getTime() - MAIL_LEASE_MS).toISOString();
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    update mails set claimed_at = ${now.toISOString()}::timestamptz
     where id in (select id from mails
                   where sent_at is null and coalesce(length(error), 0) < ${ERROR_LOG_MAX}
                     and (claimed_at is null or claimed_at < ${expired}::timestamptz)
                   order by id limit ${limit}
                   for update skip locked)
    returning id, "to", subject, body`);
  return rows
    .map((r) => ({ id: Number(r.id), to: String(r.to), subject: String(r.subject), body: String(r.body) }))
    .sort((a, b) => a.id - b.id);
}
