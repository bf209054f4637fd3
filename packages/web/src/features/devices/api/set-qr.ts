import { post } from '../../../lib/http';
import type { DeviceStateResult, QrBody } from './types';

/** QR code switch and its optional password ('' removes it); sent to the device when online. */
export const setQr = (id: number, body: QrBody) => post<DeviceStateResult>(`/v1/devices/${id}/qr`, body);
