import { devicesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { QrBody } from './types';

/** QR code switch and its optional password ('' removes it); sent to the device when online. */
export const setQr = (id: number, body: QrBody) => call(devicesApi.setQr, { params: { id }, body });
