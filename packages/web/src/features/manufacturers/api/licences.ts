import type { Licence, Page } from '@herald/contract';
import { get, post, type Params } from '../../../lib/http';
import type { LicenceBody } from './types';

export const listLicences = (params: Params) => get<Page<Licence>>('/v1/licences', params);
export const importLicence = (manufacturerId: number, body: LicenceBody) =>
  post<Licence>(`/v1/manufacturers/${manufacturerId}/licences`, body);
