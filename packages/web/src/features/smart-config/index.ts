export { SmartConfigListPage } from './pages/SmartConfigListPage';
export { SmartConfigAddPage } from './pages/SmartConfigAddPage';
export { SmartConfigEditPage } from './pages/SmartConfigEditPage';
export { SmartConfigDetailPage } from './pages/SmartConfigDetailPage';
