import account from './account';
import common from './common';
import home from './home';
import menu from './menu';
import operLog from './oper-log';
import personal from './personal';
import user from './user';

export default { ...common, ...menu, ...home, ...account, ...user, ...personal, ...operLog };
