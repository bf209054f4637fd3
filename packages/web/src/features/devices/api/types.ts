import type {
  batchResultSchema,
  commandSentSchema,
  createDeviceBody,
  deviceStateResultSchema,
  deviceCreatedSchema,
  importDevicesBody,
  qrBody,
  updateDeviceBody,
  uploadLogSentSchema,
} from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type {
  BatchResult,
  Device,
  DeviceCommand,
  DeviceDetail,
  DeviceLog,
  DeviceRegistration,
  ImportJob,
  PrintParams,
} from '@herald/contract';
export type CreateDeviceBody = Infer<typeof createDeviceBody>;
export type UpdateDeviceBody = Infer<typeof updateDeviceBody>;
export type DeviceCreated = Infer<typeof deviceCreatedSchema>;
export type CommandSent = Infer<typeof commandSentSchema>;
export type UploadLogSent = Infer<typeof uploadLogSentSchema>;
export type QrBody = Infer<typeof qrBody>;
export type ImportDevicesBody = Infer<typeof importDevicesBody>;
export type Batch = Infer<typeof batchResultSchema>;
export type DeviceStateResult = Infer<typeof deviceStateResultSchema>;
