/** Screen paths (contract routes: pushTask, pushTask.add, pushTask.detail (`/:id`)). */
export const PUSH_LIST = '/push/task';
export const pushAdd = () => `${PUSH_LIST}/add`;
export const pushDetail = (id: number) => `${PUSH_LIST}/detail/${id}`;
/** Permission codes of the push task menu's buttons. */
export const P = 'herald.push.task';
/** The detail page refreshes this often while the task runs. */
export const LIVE_REFRESH_MS = 2000;
