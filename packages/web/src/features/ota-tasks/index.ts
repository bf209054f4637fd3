export { OtaTaskListPage } from './pages/OtaTaskListPage';
export { OtaTaskAddPage } from './pages/OtaTaskAddPage';
export { OtaTaskEditPage } from './pages/OtaTaskEditPage';
export { OtaTaskDetailPage } from './pages/OtaTaskDetailPage';
