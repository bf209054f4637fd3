export { AccountListPage } from './pages/AccountListPage';
export { AccountAddPage } from './pages/AccountAddPage';
export { AccountEditPage } from './pages/AccountEditPage';
export { AccountDetailPage } from './pages/AccountDetailPage';
