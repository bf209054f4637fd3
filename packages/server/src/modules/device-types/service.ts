import type { DeviceTypeOverview, Locale } from '@herald/contract';
import type { Deps } from '../../lib/deps';
import { deviceTypeLabel } from '../models/service';
import * as repo from './repo';

/** The operators' device-types screen: one entry per type, a type without models included. */
export async function deviceTypeOverview(deps: Deps, locale: Locale): Promise<DeviceTypeOverview[]> {
  const out = new Map<number, DeviceTypeOverview>();
  for (const r of await repo.typesWithModels(deps.db)) {
    let type = out.get(r.typeId);
    if (!type) {
      type = {
        id: r.typeId,
        code: r.typeCode,
        name: deviceTypeLabel(r.typeCode, r.typeName, locale),
        models: [],
        deviceCount: 0,
      };
      out.set(r.typeId, type);
    }
    if (r.modelId === null) continue;
    type.models.push({
      id: r.modelId,
      name: r.modelName!,
      code: r.modelCode!,
      status: r.modelStatus!,
      deviceCount: r.deviceCount,
    });
    type.deviceCount += r.deviceCount;
  }
  return [...out.values()];
}
