export { MessageListPage } from './pages/MessageListPage';
export { MessageDetailPage } from './pages/MessageDetailPage';
export { SystemMessageDetailPage } from './pages/SystemMessageDetailPage';
