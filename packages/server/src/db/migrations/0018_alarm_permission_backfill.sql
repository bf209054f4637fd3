-- Accounts made before the push-delay alarm: the alarm settings' new button permission joins the
-- accounts that may grant the alarm list (new accounts get the whole catalogue), and accounts that
-- chose their alert kinds also receive the new 'latency' kind (they chose among the kinds there were).
UPDATE "accounts" SET "permissions" = array_append("permissions", 'herald.device.physical.push.warn.query.setting')
 WHERE 'herald.device.physical.push.warn.query' = ANY("permissions")
   AND NOT ('herald.device.physical.push.warn.query.setting' = ANY("permissions"));--> statement-breakpoint
UPDATE "accounts" SET "alert_kinds" = array_append("alert_kinds", 'latency')
 WHERE "alert_kinds" IS NOT NULL AND NOT ('latency' = ANY("alert_kinds"));
