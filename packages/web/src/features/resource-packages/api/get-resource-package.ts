import { get } from '../../../lib/http';
import type { ResourcePackage } from './types';

export const getResourcePackage = (id: number) => get<ResourcePackage>(`/v1/resource-packages/${id}`);

export const resourcePackageQuery = (id: number) => ({
  queryKey: ['resource-packages', id] as const,
  queryFn: () => getResourcePackage(id),
  enabled: id > 0,
});
