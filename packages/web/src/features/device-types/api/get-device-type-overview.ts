import { deviceTypesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';

export const getDeviceTypeOverview = () => call(deviceTypesApi.overview);
