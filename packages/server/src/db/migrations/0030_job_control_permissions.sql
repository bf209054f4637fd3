-- Accounts made before job control: its new button permissions join the accounts that may grant
-- the list they sit on (new accounts get the whole catalogue): the test page with the device list,
-- cancel and reprint with the print and broadcast records.
UPDATE "accounts" SET "permissions" = array_append("permissions", 'herald.device.physical.list.testPrint')
 WHERE 'herald.device.physical.list.query' = ANY("permissions")
   AND NOT ('herald.device.physical.list.testPrint' = ANY("permissions"));--> statement-breakpoint
UPDATE "accounts" SET "permissions" = array_append("permissions", 'herald.stat.print.rec.cancel')
 WHERE 'herald.stat.print.rec.query' = ANY("permissions")
   AND NOT ('herald.stat.print.rec.cancel' = ANY("permissions"));--> statement-breakpoint
UPDATE "accounts" SET "permissions" = array_append("permissions", 'herald.stat.print.rec.reprint')
 WHERE 'herald.stat.print.rec.query' = ANY("permissions")
   AND NOT ('herald.stat.print.rec.reprint' = ANY("permissions"));--> statement-breakpoint
UPDATE "accounts" SET "permissions" = array_append("permissions", 'herald.stat.broadcast.rec.cancel')
 WHERE 'herald.stat.broadcast.rec.query' = ANY("permissions")
   AND NOT ('herald.stat.broadcast.rec.cancel' = ANY("permissions"));--> statement-breakpoint
UPDATE "accounts" SET "permissions" = array_append("permissions", 'herald.stat.broadcast.rec.reprint')
 WHERE 'herald.stat.broadcast.rec.query' = ANY("permissions")
   AND NOT ('herald.stat.broadcast.rec.reprint' = ANY("permissions"));
