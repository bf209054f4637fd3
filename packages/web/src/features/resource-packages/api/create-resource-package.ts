import { post } from '../../../lib/http';
import type { ResourcePackage, ResourcePackageBody } from './types';

export const createResourcePackage = (body: ResourcePackageBody) =>
  post<ResourcePackage>('/v1/resource-packages', body);
