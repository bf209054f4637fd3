import { QRCode, type QRCodeProps } from 'antd';
import { apiUrlOrNone } from '../../../lib/config';
import type { DeviceBrand } from '@herald/contract';

/** The share of the code's width the logo covers: error level H restores up to 30 % of a code. */
export const LOGO_SHARE = 0.22;

/**
 * A device's QR code; with the account's custom logo in its middle when it has one (the code is
 * then drawn at error level H, so the covered modules are still read).
 */
export function BrandedQr({ brand, size = 160, ...rest }: { brand: DeviceBrand | null } & QRCodeProps) {
  const logo = apiUrlOrNone(brand?.logoUrl);
  return (
    <QRCode
      size={size}
      errorLevel={logo ? 'H' : 'M'}
      icon={logo}
      iconSize={Math.round(size * LOGO_SHARE)}
      bordered={false}
      {...rest}
    />
  );
}

/** The caption under a label or download: the product name when the account set one. */
export const brandCaption = (brand: DeviceBrand | null) => brand?.productName ?? null;
