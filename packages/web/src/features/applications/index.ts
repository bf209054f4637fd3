export { AppListPage } from './pages/AppListPage';
export { AppAddPage } from './pages/AppAddPage';
export { AppDetailPage } from './pages/AppDetailPage';
