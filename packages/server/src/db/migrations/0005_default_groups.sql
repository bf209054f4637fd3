-- Every account has a default device group; accounts created before groups existed get theirs here.
INSERT INTO "device_groups" ("account_id", "name", "is_default")
SELECT a."id", 'Default group', true FROM "accounts" a
 WHERE NOT EXISTS (SELECT 1 FROM "device_groups" g WHERE g."account_id" = a."id" AND g."is_default")
ON CONFLICT DO NOTHING;
