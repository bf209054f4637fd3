import type { createResourcePackageBody } from '@herald/contract';
import type { Infer } from '../../../lib/infer';

export type { ResourcePackage, ResourcePackageListItem } from '@herald/contract';
export type ResourcePackageBody = Infer<typeof createResourcePackageBody>;
