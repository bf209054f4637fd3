/** Screen paths (contract routes: package, package.add, package.detail/:id). */
export const PACKAGE_LIST = '/resource/package';
export const packageAdd = () => `${PACKAGE_LIST}/add`;
export const packageDetail = (id: number) => `${PACKAGE_LIST}/detail/${id}`;
/** Permission codes of the resource package menu's buttons. */
export const P = 'herald.res.respack';
