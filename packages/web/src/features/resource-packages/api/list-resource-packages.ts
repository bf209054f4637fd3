import type { Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';
import type { ResourcePackageListItem } from './types';

export const listResourcePackages = (params: Params) =>
  get<Page<ResourcePackageListItem>>('/v1/resource-packages', params);
