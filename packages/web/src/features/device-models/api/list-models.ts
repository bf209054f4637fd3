import type { Page } from '@herald/contract';
import { get, type Params } from '../../../lib/http';
import type { DeviceModel } from './types';

export const listModels = (params: Params) => get<Page<DeviceModel>>('/v1/models', params);
