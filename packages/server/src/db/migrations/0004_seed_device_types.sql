-- The device types models can be of (operators pick one when adding a model).
INSERT INTO "device_types" ("code", "name") VALUES
  ('cloud-printer', 'Cloud printer'),
  ('cloud-speaker', 'Cloud speaker'),
  ('cloud-printer-speaker', 'Cloud printer with speaker'),
  ('pos-terminal', 'POS terminal')
ON CONFLICT ("code") DO NOTHING;
