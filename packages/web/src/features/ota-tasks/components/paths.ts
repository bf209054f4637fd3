/** Screen paths (contract routes: task, task.add/edit (`?id=`), task.detail (`/:id`)). */
export const TASK_LIST = '/resource/task';
export const taskAdd = () => `${TASK_LIST}/add`;
export const taskEdit = (id: number) => `${TASK_LIST}/edit?id=${id}`;
export const taskDetail = (id: number) => `${TASK_LIST}/detail/${id}`;
/** Permission codes of the upgrade task menu's buttons. */
export const P = 'herald.ota.task';
