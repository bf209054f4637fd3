import { ACCOUNT_PICKING_SCREENS, permissionsUnder } from '../permissions';
import type { ApiAccess } from './route';

/**
 * Access to an option list that names accounts' data. Account users get their own account's
 * (the services scope it); operators need a permission of a screen that picks or shows it, so an
 * operator whose roles hold nothing of the kind cannot list every account's names, users, groups
 * or applications, nor look up any device's QR code.
 */
const forScreens = (...prefixes: string[]): ApiAccess => {
  const op = permissionsUnder('op', prefixes);
  // an empty list would open the look-up to every operator: a renamed menu must not do that quietly
  if (!op.length) throw new Error(`no operator permission under ${prefixes.join(', ')}`);
  return { permission: { op, ac: [] } };
};

/** The account picker of the operator's lists and forms. */
export const ACCOUNT_LOOKUP = forScreens(...ACCOUNT_PICKING_SCREENS);
export const ACCOUNT_USER_LOOKUP = forScreens('herald.op.account', 'herald.oper.log');
export const GROUP_LOOKUP = forScreens(
  'herald.device.physical.list',
  'herald.device.list',
  'herald.ota.task',
  'herald.push.task',
);
export const APP_LOOKUP = forScreens('herald.device.physical.list', 'herald.device.list', 'herald.app');
export const DEVICE_QR_LOOKUP = forScreens('herald.device.physical.list');
