import { resourcePackagesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

/** Refused by the server while a task uses the package (its message is shown). */
export const deleteResourcePackage = (id: number) => call(resourcePackagesApi.remove, { params: { id } });
