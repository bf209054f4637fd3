import { put } from '../../../lib/http';
import type { DeviceModel, UpdateModelBody } from './types';

/** The image is sent only when it changes. */
export const updateModel = (id: number, body: UpdateModelBody) => put<DeviceModel>(`/v1/models/${id}`, body);
