export { RoleListPage } from './pages/RoleListPage';
export { RoleAddPage } from './pages/RoleAddPage';
export { RoleEditPage } from './pages/RoleEditPage';
export { RoleDetailsPage } from './pages/RoleDetailsPage';
