import { qrBrandApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { QrBrandBody } from '@herald/contract';

export const qrBrandQuery = () => ({
  queryKey: ['qr-brand'] as const,
  queryFn: () => call(qrBrandApi.list),
});

export const updateQrBrand = (body: QrBrandBody) => call(qrBrandApi.update, { body });
