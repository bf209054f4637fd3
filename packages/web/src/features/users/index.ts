export { UserListPage } from './pages/UserListPage';
export { UserAddPage } from './pages/UserAddPage';
export { UserEditPage } from './pages/UserEditPage';
export { UserDetailsPage } from './pages/UserDetailsPage';
export { UserAddRolesPage } from './pages/UserAddRolesPage';
