export { NoticeListPage } from './pages/NoticeListPage';
export { NoticeAddPage } from './pages/NoticeAddPage';
export { NoticeEditPage } from './pages/NoticeEditPage';
export { NoticeDetailPage } from './pages/NoticeDetailPage';
