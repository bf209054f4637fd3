/** The alarm list and settings: `.query` to see them, `.setting` to change the settings. */
export const WARN = 'herald.device.physical.push.warn.query';
export const WARN_QUERY = `${WARN}.query`;
export const WARN_SETTING = `${WARN}.setting`;
/** Mute and unmute a device's alarm. */
export const SILENCE_MUTE = 'herald.device.physical.push.alert.silence.mute';
/** The S/N links to the device detail for those who may see devices. */
export const DEVICE_LIST = 'herald.device.physical.list';
export const deviceDetail = (id: number) => `/device/list/detail?id=${id}`;
