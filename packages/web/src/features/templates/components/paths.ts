/** Screen paths (contract routes: template, template.add/edit/detail; child pages take `?id=`). */
export const TEMPLATE_LIST = '/businessmgr/template';
export const templateAdd = () => `${TEMPLATE_LIST}/add`;
export const templateEdit = (id: number) => `${TEMPLATE_LIST}/edit?id=${id}`;
export const templateDetail = (id: number) => `${TEMPLATE_LIST}/detail?id=${id}`;
/** Permission codes of the template menu's buttons. */
export const P = 'herald.dev.template';
