/** Screen paths (contract routes: pushTask, pushTask.add, pushTask.detail (`/:id`)). */
export const PUSH_LIST = '/push/task';
export const pushAdd = () => `${PUSH_LIST}/add`;
/** The add page with a startup logo for one device already chosen (from the device's page). */
export const pushLogoTo = (d: { sn: string; accountId: number }) =>
  `${pushAdd()}?${new URLSearchParams({ type: 'logo', sn: d.sn, accountId: String(d.accountId) })}`;
export const pushDetail = (id: number) => `${PUSH_LIST}/detail/${id}`;
/** Permission codes of the push task menu's buttons. */
export const P = 'herald.push.task';
