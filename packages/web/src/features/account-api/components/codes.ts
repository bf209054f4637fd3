/** Permission codes of the API settings screen's buttons. */
export const P = 'herald.dev.api';
export const CAN_EDIT = `${P}.edit`;
export const CAN_SECRET = `${P}.secret`;
