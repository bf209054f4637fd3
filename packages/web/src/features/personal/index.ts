export { PersonalCentrePage } from './pages/PersonalCentrePage';
