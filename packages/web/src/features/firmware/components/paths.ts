/** Screen paths (contract routes: firmware, firmware.add, firmware.detail/:id). */
export const FIRMWARE_LIST = '/resource/firmware';
export const firmwareAdd = () => `${FIRMWARE_LIST}/add`;
export const firmwareDetail = (id: number) => `${FIRMWARE_LIST}/detail/${id}`;
/** Permission codes of the firmware menu's buttons. */
export const P = 'herald.res.firmware';
