export { ResourcePackageListPage } from './pages/ResourcePackageListPage';
export { ResourcePackageAddPage } from './pages/ResourcePackageAddPage';
export { ResourcePackageDetailPage } from './pages/ResourcePackageDetailPage';
