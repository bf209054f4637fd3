/**
 * Messages the server sends back (envelope `message`, field errors). Keys are stable; the
 * request's `lang` picks the language. en_US carries the spec's own wording.
 * The console reuses the same keys for its form rules so both sides say the same thing.
 */
export const LOCALES = ['zh_CN', 'en_US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_US';

type Catalogue = Record<string, { en_US: string; zh_CN: string }>;

export const messages = {
  // envelope-level
  ok: { en_US: 'Success', zh_CN: '成功' },
  'error.loginTimeout': { en_US: 'Login timeout, please log in again', zh_CN: '登录超时，请重新登录' },
  'error.tokenInvalid': { en_US: 'Token invalid, please log in again', zh_CN: '令牌无效，请重新登录' },
  'error.forbidden': { en_US: 'Unauthorized, Access Denied', zh_CN: '未授权，拒绝访问' },
  'error.noPermissionAssigned': {
    en_US: 'No permissions assigned! Please contact your Super Administrator!',
    zh_CN: '未分配权限！请联系您的超级管理员！',
  },
  'error.notFound': { en_US: 'The requested record does not exist', zh_CN: '请求的记录不存在' },
  'error.routeNotFound': { en_US: 'The requested path does not exist', zh_CN: '请求的路径不存在' },
  'error.validation': { en_US: 'Incorrect format', zh_CN: '格式不正确' },
  'error.system': { en_US: 'System error, please try again', zh_CN: '系统错误，请重试' },
  'error.rateLimited': { en_US: 'Too many requests, please try again later', zh_CN: '请求过于频繁，请稍后再试' },
  'error.payloadTooLarge': { en_US: 'Request body too large', zh_CN: '请求内容过大' },
  'error.badCredentials': { en_US: 'Incorrect username or password', zh_CN: '用户名或密码错误' },
  'error.userLocked': {
    en_US: 'This user is locked after too many wrong passwords; ask an administrator to unlock it',
    zh_CN: '密码错误次数过多，该用户已被锁定，请联系管理员解锁',
  },
  'error.userDisabled': { en_US: 'This user is disabled', zh_CN: '该用户已被禁用' },
  'error.userNotActivated': { en_US: 'This user is not activated yet', zh_CN: '该用户尚未激活' },
  'error.accountDisabled': { en_US: 'This account is disabled', zh_CN: '该账户已被禁用' },
  'error.passwordChangeRequired': {
    en_US: 'Please change the initial password first',
    zh_CN: '请先修改初始密码',
  },
  'error.invalidGrant': { en_US: 'failed to get authorisation', zh_CN: '获取授权失败' },
  'error.passwordMismatch': { en_US: 'Password mismatch', zh_CN: '密码错误' },
  'error.oldPasswordWrong': { en_US: 'The original password is incorrect', zh_CN: '原密码错误' },
  'error.samePassword': {
    en_US: 'The new password cannot be the same as the old password',
    zh_CN: '新密码不能与旧密码相同',
  },
  'error.activationFailed': { en_US: 'Activation failed', zh_CN: '激活失败' },
  'error.usernameExists': { en_US: 'Username already exists', zh_CN: '用户名已存在' },
  'error.emailExists': { en_US: 'Email already exists', zh_CN: '邮箱已存在' },
  'error.phoneExists': { en_US: 'Phone already exists', zh_CN: '手机号已存在' },
  'error.emailUsedByAccount': { en_US: 'Email already used by another account', zh_CN: '邮箱已被其他账户使用' },
  'error.accountNameExists': { en_US: 'Account name already exists', zh_CN: '账户名称已存在' },
  'error.roleNameExists': { en_US: 'Role name already exists', zh_CN: '角色名称已存在' },
  'error.roleInUse': { en_US: 'The role is still assigned to users', zh_CN: '该角色仍被用户使用' },
  'error.permissionNotGrantable': {
    en_US: 'The role contains permissions that cannot be granted here',
    zh_CN: '角色包含无法在此授予的权限',
  },
  'error.builtInRole': { en_US: 'Built-in roles cannot be changed or deleted', zh_CN: '内置角色不能修改或删除' },
  'error.roleNotFound': { en_US: 'The selected role does not exist', zh_CN: '所选角色不存在' },
  'error.cannotChangeSelf': { en_US: 'You cannot do this to your own user', zh_CN: '不能对自己的用户执行此操作' },
  'error.cannotChangeSuperAdmin': {
    en_US: 'The super administrator cannot be changed this way',
    zh_CN: '不能以此方式修改超级管理员',
  },
  'error.userAlreadyActive': { en_US: 'This user is already activated', zh_CN: '该用户已激活' },
  'error.userNotActivatedYet': {
    en_US: 'This user has not been activated yet; send the activation email so the user can set a password',
    zh_CN: '该用户尚未激活，请发送激活邮件，由用户设置密码',
  },
  'error.newAdminNotEnabled': {
    en_US: 'Only an enabled user can become the super administrator',
    zh_CN: '只有已启用的用户才能成为超级管理员',
  },
  'error.selectAccountFirst': {
    en_US: 'Please select an application or account first',
    zh_CN: '请先选择应用或账户',
  },

  // operation-log export (CSV column headers)
  'operLog.csv.createdAt': { en_US: 'Time', zh_CN: '时间' },
  'operLog.csv.username': { en_US: 'Operator', zh_CN: '操作人' },
  'operLog.csv.account': { en_US: 'Account', zh_CN: '账户' },
  'operLog.csv.module': { en_US: 'Module', zh_CN: '模块' },
  'operLog.csv.type': { en_US: 'Type', zh_CN: '类型' },
  'operLog.csv.description': { en_US: 'Description', zh_CN: '描述' },
  'operLog.csv.ip': { en_US: 'IP', zh_CN: 'IP' },

  // validation (spec section 5)
  'validation.required': { en_US: 'Please input', zh_CN: '请输入' },
  'validation.passwordRequired': { en_US: 'Password is required', zh_CN: '请输入密码' },
  'validation.passwordMin': { en_US: 'Minimum password length is 8 characters', zh_CN: '密码长度最少为 8 个字符' },
  'validation.passwordMax': { en_US: 'Maximum password length is 16 characters', zh_CN: '密码长度最多为 16 个字符' },
  'validation.passwordComplexity': {
    en_US: 'Use at least two of letters, digits and the special characters ~!@#$%*&_',
    zh_CN: '至少包含字母、数字、特殊字符 ~!@#$%*&_ 中的两种',
  },
  'validation.passwordMismatch': { en_US: 'Passwords entered do not match', zh_CN: '两次输入的密码不一致' },
  'validation.noChinese': { en_US: 'Cannot contain Chinese', zh_CN: '不能包含中文' },
  'validation.format': { en_US: 'Incorrect format', zh_CN: '格式不正确' },
  'validation.number': { en_US: 'Must be a number', zh_CN: '必须是数字' },
  'validation.integer': { en_US: 'Must be an integer', zh_CN: '必须是整数' },
  'validation.positiveInteger': { en_US: 'Must be a positive integer', zh_CN: '必须是正整数' },
  'validation.twoDecimals': { en_US: 'At most two decimal places', zh_CN: '最多两位小数' },
  'validation.email': { en_US: 'Incorrect email format', zh_CN: '邮箱格式不正确' },
  'validation.phone': { en_US: 'Incorrect phone format', zh_CN: '手机号格式不正确' },
  'validation.alphanumeric': { en_US: 'Only letters or digits', zh_CN: '只能包含字母或数字' },
  'validation.maxLength': { en_US: 'Too long', zh_CN: '长度超出限制' },
  'validation.range': {
    en_US: 'The starting value cannot be greater than the ending value',
    zh_CN: '起始值不能大于结束值',
  },
  'validation.triggerTime': {
    en_US: 'The triggering time needs to be more than five minutes later than the current time',
    zh_CN: '触发时间需晚于当前时间五分钟以上',
  },
  'validation.sameEmail': {
    en_US: 'The new email cannot be the same as the original email',
    zh_CN: '新邮箱不能与原邮箱相同',
  },
  'validation.selectOne': { en_US: 'Please select at least one record', zh_CN: '请至少选择一条记录' },
  'validation.invalidOption': { en_US: 'Incorrect format', zh_CN: '格式不正确' },
} satisfies Catalogue;

export type MessageKey = keyof typeof messages;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

/** Translate a key; unknown keys are returned as they are (they may already be prose). */
export function translate(key: string, locale: Locale = DEFAULT_LOCALE): string {
  return isMessageKey(key) ? messages[key][locale] : key;
}

/** `lang` as sent by the console (zh_CN, en_US, zh-CN, en, ...) → a supported locale. */
export function resolveLocale(lang: unknown): Locale {
  if (typeof lang !== 'string') return DEFAULT_LOCALE;
  const l = lang.toLowerCase().replace('-', '_');
  if (l.startsWith('zh')) return 'zh_CN';
  return 'en_US';
}
