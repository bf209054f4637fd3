import { QR_LOGO_MAX_BYTES, QR_LOGO_MAX_PX, type DeviceBrand, type QrBrand, type QrBrandBody } from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { forbidden, notFound } from '../../lib/errors';
import { isoOrNull } from '../../lib/filters';
import { randomToken } from '../../lib/crypto';
import { decodeImage } from '../../lib/image';
import { targetAccount } from '../../lib/scope';
import { audit, type LogDescription } from '../oper-log/audit';
import * as repo from './repo';

export const qrLogoUrl = (key: string) => `/v1/public/qr-logos/${key}`;

/** What a device shows of its account's brand: nothing unless the platform turned the service on. */
export function deviceBrand(b: { enabled: boolean | null; productName: string | null; logoKey: string | null }) {
  if (!b.enabled) return null;
  return { productName: b.productName, logoUrl: b.logoKey ? qrLogoUrl(b.logoKey) : null } satisfies DeviceBrand;
}

const toBrand = (row: repo.QrBrandRow | undefined): QrBrand => ({
  enabled: !!row?.enabled,
  productName: row?.productName ?? null,
  logoUrl: row?.logoKey ? qrLogoUrl(row.logoKey) : null,
  updatedAt: isoOrNull(row?.updatedAt ?? null),
});

/** The caller's account's brand (also when the service is off: the page says so). */
export async function getBrand(deps: Deps, auth: AuthContext): Promise<QrBrand> {
  return toBrand(await repo.findBrand(deps.db, targetAccount(auth, undefined)));
}

/** A logo: a PNG (by its bytes and chunks) of at most 20 KB and 1024 pixels a side. */
const decodeLogo = (input: string): Buffer =>
  decodeImage(input, {
    mimes: ['image/png'],
    maxBytes: QR_LOGO_MAX_BYTES,
    field: 'logo',
    formatKey: 'error.qrLogoFormat',
    tooLargeKey: 'error.qrLogoTooLarge',
    dimensions: { maxPx: QR_LOGO_MAX_PX, dimensionsKey: 'error.qrLogoDimensions' },
  }).bytes;

/**
 * The account changes its product name and/or logo; only while the service is on. The row is held
 * while it changes, so a switch-off by the platform cannot slip in between the check and the write.
 * What did not change is neither written nor logged.
 */
export async function updateBrand(deps: Deps, auth: AuthContext, body: QrBrandBody): Promise<QrBrand> {
  const accountId = targetAccount(auth, undefined);
  const logo = typeof body.logo === 'string' ? decodeLogo(body.logo) : body.logo;
  const row = await deps.db.transaction(async (tx) => {
    const before = await repo.findBrand(tx, accountId, { hold: true });
    if (!before?.enabled) throw forbidden('error.serviceNotEnabled');
    const set: Parameters<typeof repo.updateBrand>[2] = {};
    const lines: LogDescription[] = [];
    const name = body.productName === undefined ? undefined : body.productName || null;
    if (name !== undefined && name !== before.productName) {
      set.productName = name;
      lines.push(name ? { key: 'log.device.qrBrandName', params: { name } } : { key: 'log.device.qrBrandNameRemoved' });
    }
    if (logo !== undefined && (logo || before.logoKey)) {
      set.logo = logo;
      // a new key for a new logo: the old URL may stay cached for good
      set.logoKey = logo ? randomToken(18) : null;
      lines.push({ key: logo ? 'log.device.qrBrandLogo' : 'log.device.qrBrandLogoRemoved' });
    }
    if (!lines.length) return before;
    const updated = await repo.updateBrand(tx, accountId, set);
    for (const description of lines) await audit(tx, auth, { module: 'device', type: 'edit', description });
    return updated;
  });
  return toBrand(row);
}

/** The platform turns the custom QR code service on or off; the account's settings stay either way. */
export async function setQrBrandEnabled(tx: Deps['db'], accountId: number, enabled: boolean): Promise<void> {
  await repo.ensureBrand(tx, accountId);
  await repo.updateBrand(tx, accountId, { enabled });
}

export async function logo(deps: Deps, key: string): Promise<Buffer> {
  const bytes = await repo.findLogo(deps.db, key);
  if (!bytes) throw notFound();
  return bytes;
}
