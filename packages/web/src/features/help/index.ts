export { HelpCentrePage } from './pages/HelpCentrePage';
