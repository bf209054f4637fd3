export { GroupListPage } from './pages/GroupListPage';
