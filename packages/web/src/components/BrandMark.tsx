import { Space, Typography } from 'antd';
import { apiUrl } from '../lib/config';
import type { DeviceBrand } from '@herald/contract';

/** The account's logo and product name (custom QR code service), where a device is shown. */
export function BrandMark({ brand, size = 32 }: { brand: DeviceBrand | null; size?: number }) {
  if (!brand || (!brand.logoUrl && !brand.productName)) return null;
  return (
    <Space size={8} align="center" data-testid="device-brand">
      {brand.logoUrl && (
        <img
          src={apiUrl(brand.logoUrl)}
          alt=""
          width={size}
          height={size}
          style={{ objectFit: 'contain', display: 'block' }}
          data-testid="device-brand-logo"
        />
      )}
      {brand.productName && (
        <Typography.Text strong data-testid="device-brand-name">
          {brand.productName}
        </Typography.Text>
      )}
    </Space>
  );
}
