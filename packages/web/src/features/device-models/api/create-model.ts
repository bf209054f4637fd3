import { post } from '../../../lib/http';
import type { DeviceModel, ModelBody } from './types';

export const createModel = (body: ModelBody) => post<DeviceModel>('/v1/models', body);
