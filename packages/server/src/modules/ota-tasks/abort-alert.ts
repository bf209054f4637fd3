import { sql } from 'drizzle-orm';
import {
  formatMessage,
  OTA_ABORT_WEBHOOK_EVENT,
  type Locale,
  type OtaAbortWebhookBody,
  type OtaHaltReason,
} from '@herald/contract';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';

type Words = Record<Locale, string>;

/**
 * An aborted task's alert beyond the in-app message, by the alert channels of its account for
 * kind 'otaAborted': an e-mail to the task's owner when the owner's route mails that kind, and the
 * account's alert address when it takes that kind. Both go into the outbox and the deliveries in
 * the caller's transaction (the abort and its alert stand or fall together); their own workers send
 * them. Returns the deliveries written.
 */
export async function alertAbort(
  deps: Pick<Deps, 'config'>,
  tx: Db,
  task: { id: number; accountId: number; name: string; createdBy: number | null },
  words: { title: Words; content: Words },
  reason: OtaHaltReason,
  at: Date,
): Promise<number> {
  const link = `${deps.config.publicUrl.replace(/\/$/, '')}/resource/task/detail/${task.id}`;
  const mail = (l: Locale) => ({
    subject: formatMessage('alert.mailSubject', l, { title: words.title[l] }),
    body: `${words.content[l]}\n\n${formatMessage('ota.abortedMailLink', l, { link })}\n`,
  });
  const zh = mail('zh_CN');
  const en = mail('en_US');
  const hook: OtaAbortWebhookBody = {
    event: OTA_ABORT_WEBHOOK_EVENT,
    taskId: task.id,
    name: task.name,
    reason,
    title: words.title.en_US,
    at: at.toISOString(),
  };
  const when = at.toISOString();
  const { rows } = await tx.execute<{ n: number }>(sql`
    with mailed as (
      insert into mails ("to", subject, body, kind, link, created_at)
      select u.email, case when u.message_language in ('zh_CN', 'yue') then ${zh.subject} else ${en.subject} end,
             case when u.message_language in ('zh_CN', 'yue') then ${zh.body} else ${en.body} end,
             'alert', ${link}, ${when}::timestamptz
        from users u
        join alert_routes r on r.user_id = u.id and r.account_id = ${task.accountId}
       where u.id = ${task.createdBy} and 'otaAborted' = any(r.email_kinds) and coalesce(u.email, '') <> ''
      returning 1),
    hooked as (
      insert into webhook_deliveries (account_id, event, url, payload, next_attempt_at)
      select account_id, ${OTA_ABORT_WEBHOOK_EVENT}, webhook_url, ${JSON.stringify(hook)}::jsonb, ${when}::timestamptz
        from alert_settings
       where account_id = ${task.accountId} and coalesce(webhook_url, '') <> '' and 'otaAborted' = any(webhook_kinds)
      returning 1)
    select ((select count(*) from mailed) + (select count(*) from hooked))::int as n`);
  return Number(rows[0]?.n ?? 0);
}
