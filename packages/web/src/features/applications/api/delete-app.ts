import { applicationsApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const deleteApp = (id: number) => call(applicationsApi.remove, { params: { id } });
