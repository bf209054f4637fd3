import { resourcePackagesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const getResourcePackage = (id: number) => call(resourcePackagesApi.get, { params: { id } });

export const resourcePackageQuery = (id: number) => ({
  queryKey: ['resource-packages', id] as const,
  queryFn: () => getResourcePackage(id),
  enabled: id > 0,
});
