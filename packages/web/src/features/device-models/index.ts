export { ModelListPage } from './pages/ModelListPage';
export { ModelAddPage } from './pages/ModelAddPage';
export { ModelDetailPage } from './pages/ModelDetailPage';
