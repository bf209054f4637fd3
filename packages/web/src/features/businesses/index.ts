export { BusinessListPage } from './pages/BusinessListPage';
export { BusinessAddPage } from './pages/BusinessAddPage';
export { BusinessEditPage } from './pages/BusinessEditPage';
export { BusinessDetailPage } from './pages/BusinessDetailPage';
