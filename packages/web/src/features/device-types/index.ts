export { DeviceTypeListPage } from './pages/DeviceTypeListPage';
