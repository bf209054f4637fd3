import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mails } from '../../db/schema';

export type MailKind = 'activation' | 'resetPassword' | 'changeAdmin' | 'emailChanged';
export type OutgoingMail = { to: string; subject: string; body: string; kind: MailKind; link?: string };

/**
 * Mail goes into the `mails` table first (in the caller's transaction), so a rolled-back
 * change sends nothing. With SMTP_URL set, a dispatcher delivers pending rows and records the
 * outcome; without it the table is the outbox, and the link is written to the log.
 */
export class Mailer {
  private transport: nodemailer.Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { smtpUrl?: string; from: string },
  ) {
    if (opts.smtpUrl) this.transport = nodemailer.createTransport(opts.smtpUrl);
  }

  async queue(tx: Db, mail: OutgoingMail): Promise<void> {
    await tx.insert(mails).values({ ...mail, link: mail.link ?? null });
    if (!this.transport)
      this.log.info({ to: mail.to, kind: mail.kind, link: mail.link }, `mail outbox: ${mail.subject}`);
  }

  /** Deliver pending mails now (called after commits and by the timer). */
  async dispatch(): Promise<void> {
    if (!this.transport || this.running) return;
    this.running = true;
    try {
      const pending = await this.db
        .select()
        .from(mails)
        .where(and(isNull(mails.sentAt), lt(sql`coalesce(length(${mails.error}), 0)`, 2000)))
        .orderBy(asc(mails.id))
        .limit(20);
      for (const m of pending) {
        try {
          await this.transport.sendMail({ from: this.opts.from, to: m.to, subject: m.subject, text: m.body });
          await this.db.update(mails).set({ sentAt: new Date(), error: null }).where(eq(mails.id, m.id));
        } catch (err) {
          const msg = `${new Date().toISOString()} ${(err as Error).message}\n`;
          await this.db
            .update(mails)
            .set({ error: sql`coalesce(${mails.error}, '') || ${msg}` })
            .where(eq(mails.id, m.id));
        }
      }
    } finally {
      this.running = false;
    }
  }

  start(intervalMs = 10_000): void {
    if (this.transport) this.timer = setInterval(() => void this.dispatch().catch(() => {}), intervalMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
