import { z } from 'zod';
import { deviceTypeSchema } from './models';

/** A model as the device-types screen lists it under its type. */
export const deviceTypeModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** 1 enabled, 0 disabled */
  status: z.number().int(),
  /** devices of the model that are not deleted, of every account */
  deviceCount: z.number().int(),
});

/** GET /v1/device-types/overview — every type, its name in the reader's language, its models and devices. */
export const deviceTypeOverviewSchema = deviceTypeSchema.extend({
  models: z.array(deviceTypeModelSchema),
  /** the sum of its models' devices */
  deviceCount: z.number().int(),
});
export type DeviceTypeOverview = z.infer<typeof deviceTypeOverviewSchema>;
