import type { QrBrand, QrBrandBody } from '@herald/contract';
import { get, put } from '../../../lib/http';

export const qrBrandQuery = () => ({
  queryKey: ['qr-brand'] as const,
  queryFn: () => get<QrBrand>('/v1/qr-brand'),
});

export const updateQrBrand = (body: QrBrandBody) => put<QrBrand>('/v1/qr-brand', body);
