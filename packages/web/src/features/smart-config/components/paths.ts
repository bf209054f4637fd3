import { API_BASE } from '../../../lib/config';

/** Screen paths (contract routes: smartConfig, .add, .edit (`?id=`), .detail/:id). */
export const SC_LIST = '/resource/smart-config';
export const scAdd = () => `${SC_LIST}/add`;
export const scEdit = (id: number) => `${SC_LIST}/edit?id=${id}`;
export const scDetail = (id: number) => `${SC_LIST}/detail/${id}`;
/** Permission codes of the SmartConfig menu's buttons (`list`: delist and relist). */
export const P = 'herald.res.scapp';

/** The public address that always serves the newest listed version (what the app's QR code points to). */
export const publicDownloadUrl = () =>
  new URL(`${API_BASE}/public/smart-config/download`, window.location.origin).toString();

/** One listed version's own public address (counted like the newest one). */
export const versionDownloadUrl = (id: number) =>
  new URL(`${API_BASE}/public/smart-config/${id}/download`, window.location.origin).toString();
