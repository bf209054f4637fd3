import type { createManufacturerBody, expiringSchema, importLicenceBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type { Certificate, Licence, Manufacturer } from '@herald/contract';
export type ManufacturerBody = Infer<typeof createManufacturerBody>;
export type LicenceBody = Infer<typeof importLicenceBody>;
export type Expiring = Infer<typeof expiringSchema>;
