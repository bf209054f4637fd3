import {
  DeviceStatus,
  ResultCode,
  SN_RE,
  type DeviceCardBody,
  type DeviceCardResult,
  type ModelType,
} from '@herald/contract';
import { safeEqual, sha256 } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { isoOrNull } from '../../lib/filters';
import { modelImageUrl } from '../models/service';
import { deviceBrand } from '../qr-brand/service';
import { underQrPasswordLimits } from './attempts';
import * as repo from './repo';

/** Unknown S/N and QR code off get the same answer, so the page cannot be used to find out which S/Ns exist. */
const unavailable = () => new AppError(ResultCode.NOT_FOUND, 'error.deviceCardUnavailable');

/** Compares digests (equal lengths), so the time taken tells neither the length nor how much was right. */
const samePassword = (given: string, stored: string) => safeEqual(sha256(given), sha256(stored));

export async function deviceCard(deps: Deps, client: string, body: DeviceCardBody): Promise<DeviceCardResult> {
  if (!SN_RE.test(body.sn)) throw unavailable();
  const d = await repo.findCardDevice(deps.db, body.sn);
  if (!d?.qrEnabled) throw unavailable();
  const qrPassword = d.qrPassword;
  if (qrPassword) {
    const locked = await underQrPasswordLimits(
      deps,
      client,
      d,
      async () => {
        if (body.password === undefined || body.password === '') return true;
        if (!samePassword(body.password, qrPassword)) {
          throw new AppError(ResultCode.BAD_CREDENTIALS, 'error.qrPasswordWrong');
        }
        return false;
      },
      (err) => err instanceof AppError && err.code === ResultCode.BAD_CREDENTIALS,
    );
    if (locked) return { locked: true };
  }
  return {
    locked: false,
    card: {
      sn: d.sn,
      name: d.name,
      modelName: d.modelName,
      // stored only through the models' schema (models/service.ts reads it the same way)
      modelType: d.modelType as ModelType | null,
      imageUrl: d.modelId !== null && d.modelUpdatedAt ? modelImageUrl(d.modelId, d.modelUpdatedAt) : null,
      online: d.online,
      since: isoOrNull(d.online ? d.lastOnlineAt : d.lastOfflineAt),
      disabled: d.status !== DeviceStatus.ENABLED,
      paused: d.paused,
      firmwareVersion: d.firmwareVersion,
      brand: deviceBrand({ enabled: d.brandEnabled, productName: d.brandName, logoKey: d.brandLogoKey }),
    },
  };
}
