export { DeviceMapPage } from './pages/DeviceMapPage';
export { DeviceLocationPage } from './pages/DeviceLocationPage';
