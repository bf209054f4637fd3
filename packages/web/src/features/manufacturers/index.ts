export { ManufacturerPage } from './pages/ManufacturerPage';
export { LicenceCertPage } from './pages/LicenceCertPage';
