import { manufacturersApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

import { type Params } from '../../../lib/http';
import type { LicenceBody } from './types';

export const listLicences = (params: Params) => call(manufacturersApi.listLicences, { query: params });
export const importLicence = (manufacturerId: number, body: LicenceBody) =>
  call(manufacturersApi.importLicence, { params: { id: manufacturerId }, body });
