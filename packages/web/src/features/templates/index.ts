export { TemplateListPage } from './pages/TemplateListPage';
export { TemplateAddPage } from './pages/TemplateAddPage';
export { TemplateEditPage } from './pages/TemplateEditPage';
export { TemplateDetailPage } from './pages/TemplateDetailPage';
