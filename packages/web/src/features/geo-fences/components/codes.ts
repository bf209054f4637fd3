/** Screen paths (contract routes geoFence, geoFence.add/edit/detail/gsDetail; child pages take `?id=`). */
export const FENCE_LIST = '/geo-fence/list';
export const fenceAdd = () => `${FENCE_LIST}/add`;
export const fenceEdit = (id: number) => `${FENCE_LIST}/edit?id=${id}`;
export const fenceDetail = (id: number) => `${FENCE_LIST}/detail?id=${id}`;
/** A watched device's location page: the device's id, and the fence to go back to. */
export const fenceDeviceLocation = (deviceId: number, fenceId: number) =>
  `${FENCE_LIST}/detail/gs-detail?id=${deviceId}&fenceId=${fenceId}`;

/** The fence menu's permission; its buttons are `${P}.<action>` (query, add, edit, delete, status). */
export const P = 'herald.geo.fence';
/** Reading fences: the account's users (P.query) and operators, every account's, read only. */
export const READ = [`${P}.query`, 'herald.op.geo.fence.query'] as const;
