import {
  ALERT_KINDS,
  BATTERY_LOW_PERCENT_DEFAULT,
  OFFLINE_ALERT_MINUTES_DEFAULT,
  type AlertChannels,
  type AlertKind,
  type SetAlertChannelsBody,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { invalid } from '../../lib/errors';
import { redactUrl } from '../../lib/log-redact';
import { audit } from '../oper-log/audit';
import { privateTarget } from '../webhooks/save-check';
import * as alertRepo from './alert-repo';
import { ownAccountId, receiversNow } from './service';

const kindsOf = (stored: string[] | null | undefined, fallback: readonly AlertKind[]) =>
  ALERT_KINDS.filter((k) => (stored ?? fallback).includes(k));

/** The account's alert channels: each recipient's kinds in the console and by e-mail, the alert address. */
export async function alertChannels(deps: Deps, auth: AuthContext): Promise<AlertChannels> {
  const accountId = ownAccountId(auth);
  const { receivers } = await receiversNow(deps, accountId);
  const routes = new Map(
    (
      await alertRepo.routesOf(
        deps.db,
        accountId,
        receivers.map((r) => r.id),
      )
    ).map((r) => [r.userId, r]),
  );
  const settings = await alertRepo.settingsOf(deps.db, accountId);
  return {
    receivers: receivers.map((u) => {
      const r = routes.get(u.id);
      return {
        userId: u.id,
        username: u.username,
        name: u.name,
        email: r?.email ?? '',
        // never configured: every kind in the console, none by e-mail
        inAppKinds: kindsOf(r?.inAppKinds, ALERT_KINDS),
        emailKinds: kindsOf(r?.emailKinds, []),
      };
    }),
    webhook: { url: settings?.webhookUrl ?? null, kinds: kindsOf(settings?.webhookKinds, []) },
    batteryLowPercent: settings?.batteryLowPercent ?? BATTERY_LOW_PERCENT_DEFAULT,
    offlineAlertMinutes: settings?.offlineAlertMinutes ?? OFFLINE_ALERT_MINUTES_DEFAULT,
    digest: { max: deps.config.alertDigest.max, windowSeconds: Math.round(deps.config.alertDigest.windowMs / 1000) },
  };
}

/**
 * Sets the channels of the recipients named (the account's current recipients only), and the
 * alert address, battery threshold and offline time when given. An alert address inside the provider's network
 * is refused at save, as push addresses are.
 */
export async function setAlertChannels(deps: Deps, auth: AuthContext, body: SetAlertChannelsBody) {
  const accountId = ownAccountId(auth);
  const { receivers } = await receiversNow(deps, accountId);
  const byId = new Map(receivers.map((r) => [r.id, r]));
  const named = new Set<number>();
  body.receivers.forEach((r, i) => {
    if (!byId.has(r.userId)) throw invalid('error.alertReceiverInvalid', `receivers.${i}.userId`);
    // one row per recipient: a second entry for the same user would make the upsert touch a row twice
    if (named.has(r.userId)) throw invalid('error.alertReceiverRepeated', `receivers.${i}.userId`);
    named.add(r.userId);
  });
  const url = body.webhook?.url || null;
  if (url && !deps.config.webhookAllowPrivate && (await privateTarget(url)))
    throw invalid('error.webhookPrivate', 'webhook.url');
  const before = await alertRepo.settingsOf(deps.db, accountId);
  const settings = {
    webhookUrl: body.webhook ? url : (before?.webhookUrl ?? null),
    webhookKinds: body.webhook ? body.webhook.kinds : (before?.webhookKinds ?? []),
    batteryLowPercent: body.batteryLowPercent ?? before?.batteryLowPercent ?? BATTERY_LOW_PERCENT_DEFAULT,
    offlineAlertMinutes: body.offlineAlertMinutes ?? before?.offlineAlertMinutes ?? OFFLINE_ALERT_MINUTES_DEFAULT,
  };
  await deps.db.transaction(async (tx) => {
    await alertRepo.saveSettings(tx, accountId, settings);
    await alertRepo.saveRoutes(tx, accountId, body.receivers);
    const mailed = body.receivers.filter((r) => r.emailKinds.length > 0).map((r) => byId.get(r.userId)!.username);
    await audit(tx, auth, {
      module: 'notice',
      type: 'setting',
      description: {
        key: 'log.notice.alertChannels',
        params: {
          emailTo: mailed.join(', ') || '-',
          webhook: settings.webhookUrl
            ? `${redactUrl(settings.webhookUrl)} (${settings.webhookKinds.join(', ') || '-'})`
            : '-',
          percent: settings.batteryLowPercent,
        },
      },
    });
  });
  return alertChannels(deps, auth);
}
