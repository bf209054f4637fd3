import type { z } from 'zod';
import { DEFAULT_LOCALE, messages, type Locale } from '@herald/contract';
import type {
  createModelBody,
  DeviceType,
  Model,
  modelListQuery,
  ModelOption,
  ModelType,
  Page,
  updateModelBody,
} from '@herald/contract';
import type { AuthContext } from '../../lib/context';
import type { Deps } from '../../lib/deps';
import { conflict, duplicateAs, invalid, notFound } from '../../lib/errors';
import { iso, offsetOf } from '../../lib/filters';
import { audit } from '../oper-log/audit';
import { decodeModelImage } from './image';
import * as repo from './repo';

type ListQuery = z.infer<typeof modelListQuery>;
type CreateBody = z.infer<typeof createModelBody>;
type UpdateBody = z.infer<typeof updateModelBody>;

export const MODEL_ENABLED = 1;
export const MODEL_DISABLED = 0;

/** Versioned so a changed image gets a new URL and the old one can be cached for good. */
export const modelImageUrl = (id: number, updatedAt: Date) => `/v1/models/${id}/image?v=${updatedAt.getTime()}`;

/**
 * A device type's name in the reader's language: the seeded types (0004) by their code; a type
 * added later without a translation keeps its stored name.
 */
export const deviceTypeLabel = (code: string, name: string, locale: Locale): string =>
  (messages as Record<string, Record<Locale, string> | undefined>)[`deviceType.${code}`]?.[locale] ?? name;

const toModel = (v: repo.ModelView, locale: Locale): Model => ({
  id: v.id,
  name: v.name,
  code: v.code,
  type: v.type as ModelType,
  pn: v.pn,
  capability: v.capability,
  description: v.description,
  deviceTypeId: v.deviceTypeId,
  deviceTypeName: v.deviceTypeName === null ? null : deviceTypeLabel(v.deviceTypeCode ?? '', v.deviceTypeName, locale),
  imageUrl: modelImageUrl(v.id, v.updatedAt),
  imageMime: v.imageMime,
  status: v.status,
  deviceCount: v.deviceCount,
  createdAt: iso(v.createdAt),
  updatedAt: iso(v.updatedAt),
});

export async function listModels(deps: Deps, q: ListQuery, locale: Locale = DEFAULT_LOCALE): Promise<Page<Model>> {
  const { rows, total } = await repo.listModels(deps.db, {
    name: q.name || undefined,
    code: q.code || undefined,
    type: q.type,
    status: q.status,
    deviceTypeId: q.deviceTypeId,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { list: rows.map((r) => toModel(r, locale)), total, page: q.page, pageSize: q.pageSize };
}

export async function getModel(deps: Deps, id: number, locale: Locale = DEFAULT_LOCALE): Promise<Model> {
  const v = await repo.findModelView(deps.db, id);
  if (!v) throw notFound();
  return toModel(v, locale);
}

export async function getModelImage(deps: Deps, id: number) {
  const img = await repo.findModelImage(deps.db, id);
  if (!img) throw notFound();
  return img;
}

async function checkDeviceType(deps: Deps, id: number | null | undefined) {
  if (id !== undefined && id !== null && !(await repo.deviceTypeExists(deps.db, id))) {
    throw invalid('error.deviceTypeNotFound', 'deviceTypeId');
  }
}

const withDuplicateMapping = <T>(run: () => Promise<T>) =>
  duplicateAs('models_code_uq', 'error.modelCodeExists', 'code', run);

const blankToNull = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);

export async function createModel(deps: Deps, auth: AuthContext, body: CreateBody): Promise<Model> {
  const image = decodeModelImage(body.image);
  await checkDeviceType(deps, body.deviceTypeId);
  if (await repo.findModelIdByCode(deps.db, body.code)) throw conflict('error.modelCodeExists', 'code');
  const id = await withDuplicateMapping(() =>
    deps.db.transaction(async (tx) => {
      const id = await repo.insertModel(tx, {
        name: body.name,
        code: body.code,
        type: body.type,
        pn: blankToNull(body.pn),
        capability: blankToNull(body.capability),
        description: blankToNull(body.description),
        deviceTypeId: body.deviceTypeId ?? null,
        image: image.bytes,
        imageMime: image.mime,
        status: MODEL_ENABLED,
      });
      await audit(tx, auth, {
        module: 'model',
        type: 'add',
        description: { key: 'log.model.add', params: { code: body.code, name: body.name, id } },
      });
      return id;
    }),
  );
  return getModel(deps, id);
}

export async function updateModel(deps: Deps, auth: AuthContext, id: number, body: UpdateBody): Promise<Model> {
  const before = await getModel(deps, id);
  const image = body.image !== undefined ? decodeModelImage(body.image) : undefined;
  await checkDeviceType(deps, body.deviceTypeId);
  if (body.code && (await repo.findModelIdByCode(deps.db, body.code, id)))
    throw conflict('error.modelCodeExists', 'code');
  const values = {
    name: body.name,
    code: body.code,
    type: body.type,
    pn: blankToNull(body.pn),
    capability: blankToNull(body.capability),
    description: blankToNull(body.description),
    deviceTypeId: body.deviceTypeId,
    ...(image ? { image: image.bytes, imageMime: image.mime } : {}),
  };
  for (const k of Object.keys(values) as (keyof typeof values)[]) if (values[k] === undefined) delete values[k];
  await withDuplicateMapping(() =>
    deps.db.transaction(async (tx) => {
      await repo.updateModel(tx, id, values);
      await audit(tx, auth, {
        module: 'model',
        type: 'edit',
        description: {
          key: Object.keys(values).length ? 'log.model.edit' : 'log.model.editNoFields',
          params: { code: before.code, id, fields: Object.keys(values).join(', ') },
        },
      });
    }),
  );
  return getModel(deps, id);
}

/** A disabled model blocks new devices of it; existing devices are not touched. */
export async function setModelStatus(deps: Deps, auth: AuthContext, id: number, status: 0 | 1): Promise<Model> {
  const before = await getModel(deps, id);
  await deps.db.transaction(async (tx) => {
    await repo.updateModel(tx, id, { status });
    await audit(tx, auth, {
      module: 'model',
      type: status === MODEL_ENABLED ? 'enable' : 'disable',
      description: {
        key: status === MODEL_ENABLED ? 'log.model.enable' : 'log.model.disable',
        params: { code: before.code, id },
      },
    });
  });
  return getModel(deps, id);
}

/** Only a model no device (not even a deleted one) refers to can go; otherwise disable it. */
export async function deleteModel(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const before = await getModel(deps, id);
  if (await repo.modelHasDevices(deps.db, id)) throw conflict('error.modelInUse');
  await deps.db.transaction(async (tx) => {
    await repo.deleteModel(tx, id);
    await audit(tx, auth, {
      module: 'model',
      type: 'delete',
      description: { key: 'log.model.delete', params: { code: before.code, id } },
    });
  });
}

export const listDeviceTypes = async (deps: Deps, locale: Locale = DEFAULT_LOCALE): Promise<DeviceType[]> =>
  (await repo.listDeviceTypes(deps.db)).map((d) => ({ ...d, name: deviceTypeLabel(d.code, d.name, locale) }));

/** Lookup: account users get the enabled models (what they may add devices of); operators all. */
export async function modelOptions(deps: Deps, auth: AuthContext): Promise<ModelOption[]> {
  const rows = await repo.modelOptions(deps.db, auth.side === 'ac');
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    code: r.code,
    type: r.type as ModelType,
    status: r.status,
    imageUrl: modelImageUrl(r.id, r.updatedAt),
  }));
}
