export { PushTaskListPage } from './pages/PushTaskListPage';
export { PushTaskAddPage } from './pages/PushTaskAddPage';
export { PushTaskDetailPage } from './pages/PushTaskDetailPage';
