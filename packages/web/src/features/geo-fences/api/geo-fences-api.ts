import type { CreateFenceBody, Fence, FenceDetail, FenceEvent, Page, UpdateFenceBody } from '@herald/contract';
import { del, get, post, put, type Params } from '../../../lib/http';

const BASE = '/v1/geo-fences';

export const listFences = (params: Params) => get<Page<Fence>>(BASE, params);

/** A fence with its watched devices and where each is against it. */
export const fenceQuery = (id: number) => ({
  queryKey: ['geo-fences', id] as const,
  queryFn: () => get<FenceDetail>(`${BASE}/${id}`),
  enabled: id > 0,
});

/** The account's fences for the events' fence filter (names only; an account has few). */
export const fenceOptionsQuery = () => ({
  queryKey: ['geo-fences', 'options'] as const,
  queryFn: async () => (await listFences({ page: 1, pageSize: 200, sortField: 'name', sortOrder: 'ascend' })).list,
});

export const createFence = (body: CreateFenceBody) => post<Fence>(BASE, body);
/** The fields given change; `deviceIds` replaces the watched devices. */
export const updateFence = (id: number, body: UpdateFenceBody) => put<FenceDetail>(`${BASE}/${id}`, body);
export const deleteFence = (id: number) => del<null>(`${BASE}/${id}`);
/** A disabled fence still tracks entries and exits but sends no alarm messages. */
export const setFenceStatus = (id: number, enabled: boolean) => post<Fence>(`${BASE}/${id}/status`, { enabled });

/** Entries and exits of the last 7 days. */
export const listFenceEvents = (params: Params) => get<Page<FenceEvent>>(`${BASE}/events`, params);
