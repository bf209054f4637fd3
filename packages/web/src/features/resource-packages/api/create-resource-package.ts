import { resourcePackagesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { ResourcePackageBody } from './types';

export const createResourcePackage = (body: ResourcePackageBody) => call(resourcePackagesApi.create, { body });
