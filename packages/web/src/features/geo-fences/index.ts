export { FenceListPage } from './pages/FenceListPage';
export { FenceAddPage } from './pages/FenceAddPage';
export { FenceEditPage } from './pages/FenceEditPage';
export { FenceDetailPage } from './pages/FenceDetailPage';
