export { OperLogPage } from './pages/OperLogPage';
