import { geoFencesApi } from '@herald/contract';
import { call } from '../../../lib/api-client';
import type { CreateFenceBody, UpdateFenceBody } from '@herald/contract';
import type { Params } from '../../../lib/http';

export const listFences = (params: Params) => call(geoFencesApi.list, { query: params });

/** A fence with its watched devices and where each is against it. */
export const fenceQuery = (id: number) => ({
  queryKey: ['geo-fences', id] as const,
  queryFn: () => call(geoFencesApi.get, { params: { id } }),
  enabled: id > 0,
});

/** The account's fences for the events' fence filter (names only; an account has few). */
export const fenceOptionsQuery = () => ({
  queryKey: ['geo-fences', 'options'] as const,
  queryFn: async () => (await listFences({ page: 1, pageSize: 200, sortField: 'name', sortOrder: 'ascend' })).list,
});

export const createFence = (body: CreateFenceBody) => call(geoFencesApi.create, { body });
/** The fields given change; `deviceIds` replaces the watched devices. */
export const updateFence = (id: number, body: UpdateFenceBody) => call(geoFencesApi.update, { params: { id }, body });
export const deleteFence = (id: number) => call(geoFencesApi.remove, { params: { id } });
/** A disabled fence still tracks entries and exits but sends no alarm messages. */
export const setFenceStatus = (id: number, enabled: boolean) =>
  call(geoFencesApi.status, { params: { id }, body: { enabled } });

/** Entries and exits of the last 7 days. */
export const listFenceEvents = (params: Params) => call(geoFencesApi.events, { query: params });
