export { CohortListPage } from './pages/CohortListPage';
export { CohortAddPage } from './pages/CohortAddPage';
export { CohortDetailPage } from './pages/CohortDetailPage';
