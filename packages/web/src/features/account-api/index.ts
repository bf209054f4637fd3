export { AccountApiPage } from './pages/AccountApiPage';
