export { FirmwareListPage } from './pages/FirmwareListPage';
export { FirmwareAddPage } from './pages/FirmwareAddPage';
export { FirmwareDetailPage } from './pages/FirmwareDetailPage';
