import type { InAppMessage } from '../api/types';

/** Screen paths (contract fixed routes msg.list, msg.detail (alerts), msg.detailSys; details take `?id=`). */
export const MSG_LIST = '/msg/list';
export const messageDetailPath = (m: Pick<InAppMessage, 'id' | 'category'>) =>
  m.category === 'system' ? `${MSG_LIST}/detail-sys?id=${m.id}` : `${MSG_LIST}/detail?id=${m.id}`;

/** The device an alert came from (the device list's detail page and its menu permission). */
export const deviceDetailPath = (deviceId: number) => `/device/list/detail?id=${deviceId}`;
export const DEVICE_DETAIL_PERMISSION = 'herald.device.physical.list';
