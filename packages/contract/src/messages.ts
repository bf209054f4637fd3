/**
 * Messages the server sends back (envelope `message`, field errors). Keys are stable; the
 * request's `lang` picks the language. en_US carries the spec's own wording.
 * The console reuses the same keys for its form rules so both sides say the same thing.
 */
import { logMessages } from './log-messages';

export type { LogMessageKey } from './log-messages';
export { logParamsIn } from './log-messages';

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
  'error.tooManyAttempts': {
    en_US: 'Too many failed attempts, please try again later',
    zh_CN: '失败次数过多，请稍后再试',
  },
  'error.unavailable': {
    en_US: 'The server is shutting down, please try again shortly',
    zh_CN: '服务器正在关闭，请稍后重试',
  },
  'error.busy': {
    en_US: 'The same data was being changed at the same moment, please try again',
    zh_CN: '相同的数据正在被同时修改，请重试',
  },
  'error.payloadTooLarge': { en_US: 'Request body too large', zh_CN: '请求内容过大' },
  'error.headersTooLarge': { en_US: 'Request address or headers too large', zh_CN: '请求地址或请求头过大' },
  'error.requestTimeout': { en_US: 'The request took too long to arrive', zh_CN: '请求发送超时' },
  'error.unsupportedMediaType': {
    en_US: 'Unsupported content type (send application/json)',
    zh_CN: '不支持的内容类型（请使用 application/json）',
  },
  'error.uploadNotForm': {
    en_US: 'Send the file itself as the request body, not a form (multipart/form-data)',
    zh_CN: '请直接以文件内容作为请求体上传，不要使用表单（multipart/form-data）',
  },
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
  'error.secretInvalid': {
    en_US: 'The secret must be 16 to 64 letters, digits, - or _',
    zh_CN: '密钥须为 16 至 64 位字母、数字、- 或 _',
  },
  'error.activationFailed': { en_US: 'Activation failed', zh_CN: '激活失败' },
  'error.usernameExists': { en_US: 'Username already exists', zh_CN: '用户名已存在' },
  'error.emailExists': { en_US: 'Email already exists', zh_CN: '邮箱已存在' },
  'error.phoneExists': { en_US: 'Phone already exists', zh_CN: '手机号已存在' },
  'error.emailUsedByAccount': { en_US: 'Email already used by another account', zh_CN: '邮箱已被其他账户使用' },
  'error.accountNameExists': { en_US: 'Account name already exists', zh_CN: '账户名称已存在' },
  'error.accountHasNoAdmin': {
    en_US: 'This account has no administrator; use Change admin to add one',
    zh_CN: '该账户没有管理员，请先通过更换管理员添加',
  },
  'error.roleNameExists': { en_US: 'Role name already exists', zh_CN: '角色名称已存在' },
  'error.roleInUse': { en_US: 'The role is still assigned to users', zh_CN: '该角色仍被用户使用' },
  'error.permissionNotGrantable': {
    en_US: 'The role contains permissions that cannot be granted here',
    zh_CN: '角色包含无法在此授予的权限',
  },
  'error.builtInRole': { en_US: 'Built-in roles cannot be changed or deleted', zh_CN: '内置角色不能修改或删除' },
  'error.roleNotFound': { en_US: 'The selected role does not exist', zh_CN: '所选角色不存在' },
  'error.permissionNotHeld': {
    en_US: 'You cannot grant permissions you do not hold yourself',
    zh_CN: '不能授予您自己没有的权限',
  },
  'error.userHoldsMorePermissions': {
    en_US:
      "This user holds permissions you do not hold; only someone who holds them can change the user's email or reset the password",
    zh_CN: '该用户拥有您没有的权限，只有拥有这些权限的人才能修改其邮箱或重置其密码',
  },
  'error.useProfileForOwnSignIn': {
    en_US: 'Change your own email or password in the personal centre',
    zh_CN: '请在个人中心修改您自己的邮箱或密码',
  },
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
  // denials and unavailable features the console shows (spec sections 6 and 8)
  'error.generic': { en_US: 'Error', zh_CN: '错误' },
  'error.noAnswer': { en_US: 'The server did not answer, please try again', zh_CN: '服务器未响应，请重试' },
  'error.noFeaturePermission': { en_US: 'no permission to view this feature', zh_CN: '无权查看此功能' },
  'error.noPagePermission': { en_US: 'No permission to visit this page', zh_CN: '无权访问此页面' },
  'error.noViewPermission': { en_US: 'No view permission', zh_CN: '无查看权限' },
  'error.featureNotOpened': { en_US: 'Feature not opened', zh_CN: '功能未开通' },
  'error.locationNotUploaded': { en_US: 'Terminal location not uploaded', zh_CN: '终端位置未上传' },
  'error.noLocationPermission': { en_US: 'No device location permission', zh_CN: '无设备定位权限' },

  // device HTTP (registration, log upload)
  'deviceLink.badSign': { en_US: 'Invalid signature or timestamp', zh_CN: '签名或时间戳无效' },
  'deviceLink.registrationClosed': {
    en_US: 'This application does not allow devices to register themselves',
    zh_CN: '该应用不允许设备自行注册',
  },
  'deviceLink.alreadyActivated': {
    en_US: 'This device is already activated; its secret is not issued again',
    zh_CN: '该设备已激活，不再下发密钥',
  },
  'deviceLink.modelUnavailable': {
    en_US: 'The model does not exist or is disabled',
    zh_CN: '型号不存在或已停用',
  },
  'deviceLink.deviceRefused': { en_US: 'This device may not register', zh_CN: '该设备不允许注册' },
  'deviceLink.uploadInvalid': {
    en_US: 'The upload link is invalid, used or expired',
    zh_CN: '上传链接无效、已使用或已过期',
  },

  // fleet (models, groups, devices, applications, manufacturers)
  'error.modelCodeExists': { en_US: 'Model code already exists', zh_CN: '型号编码已存在' },
  'error.modelImageRequired': { en_US: 'Please upload the model image', zh_CN: '请上传型号图片' },
  'error.modelImageFormat': { en_US: 'Only PNG or JPG images are allowed', zh_CN: '仅支持 PNG 或 JPG 格式的图片' },
  'error.avatarTooLarge': { en_US: 'The avatar cannot be larger than 2MB', zh_CN: '头像大小不能超过 2MB' },
  'error.avatarDimensions': {
    en_US: 'The avatar cannot be wider or taller than 2048 pixels',
    zh_CN: '头像的宽度和高度不能超过 2048 像素',
  },
  'error.modelImageTooLarge': { en_US: 'The image cannot be larger than 100KB', zh_CN: '图片大小不能超过 100KB' },
  'error.modelDisabled': {
    en_US: 'This model is disabled; no new devices of it can be added',
    zh_CN: '该型号已停用，不能新增该型号的设备',
  },
  'error.modelInUse': { en_US: 'The model is still used by devices', zh_CN: '该型号仍有设备在使用' },
  'error.deviceTypeNotFound': { en_US: 'The selected device type does not exist', zh_CN: '所选设备类型不存在' },
  /** the default group's name as shown; stored as the placeholder 'Default group' with is_default */
  'group.defaultName': { en_US: 'Default group', zh_CN: '默认分组' },
  'error.defaultGroupUndeletable': {
    en_US: 'The default group cannot be deleted',
    zh_CN: '默认分组不能删除',
  },
  'error.groupNameExists': { en_US: 'Group name already exists', zh_CN: '分组名称已存在' },
  'error.groupNotFound': { en_US: 'The selected group does not exist', zh_CN: '所选分组不存在' },
  'error.snInvalid': { en_US: 'Incorrect Device S/N', zh_CN: '设备 S/N 不正确' },
  'error.snExists': { en_US: 'Device S/N already exists', zh_CN: '设备 S/N 已存在' },
  'error.modelNotFound': { en_US: 'The selected model does not exist', zh_CN: '所选型号不存在' },
  'error.appNotFound': { en_US: 'The selected application does not exist', zh_CN: '所选应用不存在' },
  'error.manufacturerNotFound': { en_US: 'The selected manufacturer does not exist', zh_CN: '所选厂商不存在' },
  'error.deviceNotOnline': { en_US: 'device not online', zh_CN: '设备不在线' },
  'error.deviceNotDeleted': { en_US: 'The device is not deleted', zh_CN: '该设备未被删除' },
  'error.deviceDeleted': { en_US: 'The device has been deleted', zh_CN: '该设备已被删除' },
  'error.deviceDisabled': { en_US: 'The device is disabled', zh_CN: '该设备已被禁用' },
  'error.deviceCardUnavailable': {
    en_US: 'This device is not available',
    zh_CN: '该设备不可用',
  },
  'error.qrPasswordWrong': { en_US: 'Incorrect QR code password', zh_CN: '二维码密码错误' },
  'error.fileFormat': { en_US: 'File format error', zh_CN: '文件格式错误' },
  'error.uploadFailed': { en_US: 'Upload Failed', zh_CN: '上传失败' },
  'error.importFileTooLarge': { en_US: 'The file cannot be larger than 2MB', zh_CN: '文件大小不能超过 2MB' },
  'error.importTooManyRows': {
    en_US: 'The file has too many rows (at most 5000)',
    zh_CN: '文件行数过多（最多 5000 行）',
  },
  'error.importEmpty': { en_US: 'The file contains no devices', zh_CN: '文件中没有设备' },
  'error.snDuplicateInFile': { en_US: 'Device S/N appears more than once in the file', zh_CN: '设备 S/N 在文件中重复' },
  'error.appNameExists': { en_US: 'Application name already exists', zh_CN: '应用名称已存在' },
  'error.appInUse': {
    en_US: 'The application is still used by devices',
    zh_CN: '该应用仍有设备在使用',
  },
  'error.manufacturerCodeExists': { en_US: 'Manufacturer code already exists', zh_CN: '厂商编码已存在' },
  'error.manufacturerInUse': { en_US: 'The manufacturer still has devices', zh_CN: '该厂商仍有设备' },
  'error.licenceNumberExists': { en_US: 'Licence number already exists', zh_CN: '许可证编号已存在' },
  'error.certificateMismatch': {
    en_US: 'Licence or certificate does not match the manufacturer',
    zh_CN: '许可证或证书与厂商不匹配',
  },
  'error.certificateInvalid': { en_US: 'File format error', zh_CN: '文件格式错误' },
  'error.certificateExists': { en_US: 'This certificate has already been imported', zh_CN: '该证书已导入' },
  'error.certificateRevoked': {
    en_US: 'This certificate has already been revoked',
    zh_CN: '该证书已被吊销',
  },

  // print and voice pipeline
  'error.orderExists': { en_US: 'Requested order ID already exists', zh_CN: '请求的订单 ID 已存在' },
  'error.templateInvalid': { en_US: 'Incorrect template ID', zh_CN: '模板 ID 不正确' },
  'error.templateOtherModel': {
    en_US: 'The template is written for another printer model',
    zh_CN: '该模板适用于其他打印机型号',
  },
  'error.businessInvalid': { en_US: 'Incorrect business ID', zh_CN: '业务 ID 不正确' },
  'error.voiceFileMissing': { en_US: 'Voice file does not exist', zh_CN: '语音文件不存在' },
  'error.notPrinter': { en_US: 'Non-print device present', zh_CN: '存在非打印设备' },
  'error.notSpeaker': { en_US: 'The device cannot broadcast voice', zh_CN: '该设备不支持语音播报' },
  'error.signInvalid': { en_US: 'Signature verification failed', zh_CN: '签名校验失败' },
  'error.signExpired': {
    en_US: 'The request timestamp differs from the server time by more than 5 minutes',
    zh_CN: '请求时间戳与服务器时间相差超过 5 分钟',
  },
  'error.nonceReused': { en_US: 'The nonce has already been used', zh_CN: '随机数已被使用' },
  'error.apiKeyRateLimited': {
    en_US: 'Too many requests for this app key, please try again later',
    zh_CN: '该应用密钥请求过于频繁，请稍后再试',
  },
  'error.deviceRateLimited': {
    en_US: 'Too many requests for this device, please try again later',
    zh_CN: '该设备请求过于频繁，请稍后再试',
  },
  'error.templateRender': { en_US: 'The template cannot be rendered', zh_CN: '模板无法渲染' },
  'error.receiptTooLarge': {
    en_US: 'The receipt is too large or too complex to print',
    zh_CN: '小票内容过大或过于复杂，无法打印',
  },
  'error.templateParamMissing': { en_US: 'A template parameter is missing', zh_CN: '缺少模板参数' },
  'error.templateNameExists': { en_US: 'Template name already exists', zh_CN: '模板名称已存在' },
  'error.templateInUse': { en_US: 'The template is still used by businesses', zh_CN: '该模板仍被业务使用' },
  'error.businessNameExists': { en_US: 'Business name already exists', zh_CN: '业务名称已存在' },
  'error.businessTemplateRequired': {
    en_US: 'A print business needs a template',
    zh_CN: '打印业务必须选择模板',
  },
  'error.businessContentRequired': {
    en_US: 'A broadcast or notification business needs voice content',
    zh_CN: '播报或通知业务必须填写语音内容',
  },
  // device alerts as in-app messages, worded at delivery in the recipient's message language
  'alert.outOfPaper': { en_US: 'Printer {{sn}} is out of paper', zh_CN: '打印机 {{sn}} 缺纸' },
  'alert.overheating': { en_US: 'Printer {{sn}} is overheating', zh_CN: '打印机 {{sn}} 过热' },
  'alert.coverOpen': { en_US: 'Printer {{sn}} has its cover open', zh_CN: '打印机 {{sn}} 纸仓盖未合上' },
  'alert.otherException': { en_US: 'Printer {{sn}} reports an exception', zh_CN: '打印机 {{sn}} 报告异常' },
  'alert.batteryLow': {
    en_US: "Device {{sn}}'s battery is running out ({{detail}})",
    zh_CN: '设备 {{sn}} 电量即将耗尽（{{detail}}）',
  },
  'alert.fault': { en_US: 'Device {{sn}} reports a fault: {{detail}}', zh_CN: '设备 {{sn}} 报告故障：{{detail}}' },
  'alert.latency': {
    en_US: 'Pushes to device {{sn}} are slow: {{detail}}',
    zh_CN: '设备 {{sn}} 推送延迟：{{detail}}',
  },
  'alert.latencyUnmuted': {
    en_US: 'Pushes to device {{sn}} have been slow for {{hours}} hour(s) ({{detail}}): its alarm is no longer muted',
    zh_CN: '设备 {{sn}} 推送延迟已持续 {{hours}} 小时（{{detail}}），已自动取消静默',
  },
  'alert.fenceEnter': {
    en_US: 'Device {{sn}} entered the fence "{{detail}}"',
    zh_CN: '设备 {{sn}} 进入围栏“{{detail}}”',
  },
  'alert.fenceExit': {
    en_US: 'Device {{sn}} left the fence "{{detail}}"',
    zh_CN: '设备 {{sn}} 离开围栏“{{detail}}”',
  },
  'alert.offline': {
    en_US: 'Device {{sn}} has been offline for {{detail}} minute(s)',
    zh_CN: '设备 {{sn}} 已离线 {{detail}} 分钟',
  },
  'alert.offlineCleared': { en_US: 'Device {{sn}} is back online', zh_CN: '设备 {{sn}} 已恢复在线' },
  'alert.faultNoDetail': { en_US: 'Device {{sn}} reports a fault', zh_CN: '设备 {{sn}} 报告故障' },
  // a state alert's recovery, and the digest of a flapping device's alerts (alert-channels.ts)
  'alert.outOfPaperCleared': { en_US: 'Printer {{sn}} has paper again', zh_CN: '打印机 {{sn}} 已恢复供纸' },
  'alert.overheatingCleared': { en_US: 'Printer {{sn}} has cooled down', zh_CN: '打印机 {{sn}} 温度已恢复正常' },
  'alert.coverOpenCleared': { en_US: 'Printer {{sn}} has its cover closed', zh_CN: '打印机 {{sn}} 纸仓盖已合上' },
  'alert.otherExceptionCleared': { en_US: 'Printer {{sn}} is back to normal', zh_CN: '打印机 {{sn}} 已恢复正常' },
  'alert.batteryLowCleared': {
    en_US: "Device {{sn}}'s battery is no longer low ({{detail}})",
    zh_CN: '设备 {{sn}} 电量已恢复（{{detail}}）',
  },
  'alert.digest': {
    en_US: '{{count}} more alert(s) of this kind from {{from}} to {{to}} (UTC); the last: {{last}}',
    zh_CN: '{{from}} 至 {{to}}（UTC）间又有 {{count}} 条同类告警；最后一条：{{last}}',
  },
  'alert.mailSubject': { en_US: '[Herald alert] {{title}}', zh_CN: '[Herald 告警] {{title}}' },
  'alert.mailBody': {
    en_US: '{{title}}\n\nDevice: {{sn}}\nTime: {{at}} (UTC)',
    zh_CN: '{{title}}\n\n设备：{{sn}}\n时间：{{at}}（UTC）',
  },
  'alert.mailLink': { en_US: 'Your alerts in the console: {{link}}', zh_CN: '在控制台查看告警：{{link}}' },
  'error.alertReceiverInvalid': {
    en_US: 'Alert channels can be chosen only for the account’s message recipients',
    zh_CN: '只能为账户的消息接收人选择告警方式',
  },
  'error.alertReceiverRepeated': {
    en_US: 'Each message recipient can be listed only once',
    zh_CN: '每位消息接收人只能出现一次',
  },
  // notices and in-app messages
  'error.noticePublished': {
    en_US: 'The notice has been published and can no longer be changed',
    zh_CN: '公告已发布，不能再修改',
  },
  'error.noticeAccountInvalid': {
    en_US: 'A target account does not exist',
    zh_CN: '目标账户不存在',
  },
  'error.receiverInvalid': {
    en_US: 'A recipient is not an enabled user of this account',
    zh_CN: '接收人不是本账户的已启用用户',
  },
  'error.qrLogoFormat': { en_US: 'The logo must be a PNG image', zh_CN: 'Logo 仅支持 PNG 格式的图片' },
  'error.qrLogoTooLarge': { en_US: 'The logo cannot be larger than 20KB', zh_CN: 'Logo 大小不能超过 20KB' },
  'error.qrLogoDimensions': {
    en_US: 'The logo cannot be wider or taller than 1024 pixels',
    zh_CN: 'Logo 的宽度和高度不能超过 1024 像素',
  },
  'error.serviceNotEnabled': {
    en_US: 'Not enabled yet, contact platform',
    zh_CN: '尚未开通，请联系平台',
  },
  'error.fenceNameExists': { en_US: 'Fence name already exists', zh_CN: '围栏名称已存在' },
  'error.fenceDeviceInvalid': {
    en_US: 'A chosen device is not a device of this account',
    zh_CN: '所选设备不属于本账户',
  },
  'error.apiNotConfigured': {
    en_US: 'The open API is not set up for this account yet',
    zh_CN: '该账户尚未开通开放接口',
  },
  'error.amountInvalid': {
    en_US: 'The amount must be greater than 0 with at most two decimals',
    zh_CN: '金额须大于 0 且最多两位小数',
  },
  'error.paymentTypeSilent': {
    en_US: 'Transaction broadcast is switched off for this payment type',
    zh_CN: '该支付方式未开启交易播报',
  },
  'error.speakContentRequired': { en_US: 'Enter text or choose voice clips', zh_CN: '请输入文本或选择语音片段' },
  'error.printContentRequired': {
    en_US: 'Give a template ID, a business ID or receipt markup',
    zh_CN: '请提供模板 ID、业务 ID 或小票标记内容',
  },
  'error.webhookUrl': {
    en_US: 'Push addresses must be http(s) URLs',
    zh_CN: '推送地址须为 http(s) 地址',
  },
  'error.webhookPrivate': {
    en_US: 'Push addresses must be on the public internet (not a loopback, private, link-local or metadata address)',
    zh_CN: '推送地址须为公网地址（不能是本机、内网、链路本地或元数据地址）',
  },
  'error.apiKeyLimit': {
    en_US: 'An account can have at most 10 API keys: revoke one first',
    zh_CN: '每个账户最多 10 个 API 密钥，请先吊销一个',
  },
  'error.apiKeyNameExists': { en_US: 'An API key with this name already exists', zh_CN: '已存在同名的 API 密钥' },
  'error.webhookNoAddress': {
    en_US: 'No push address is set for this event',
    zh_CN: '该事件未设置推送地址',
  },
  'error.templateParamDuplicate': { en_US: 'Parameter names must be unique', zh_CN: '参数名称不能重复' },
  'error.templateParamUndeclared': {
    en_US: 'The body uses a parameter that is not declared',
    zh_CN: '模板内容使用了未声明的参数',
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
  'validation.passwordChars': {
    en_US: 'Only letters, digits and the special characters ~!@#$%*&_ are allowed',
    zh_CN: '只能包含字母、数字和特殊字符 ~!@#$%*&_',
  },
  // over-the-air: files, packages, tasks, SmartConfig
  'error.packageTooLarge': { en_US: 'The package cannot be larger than 10MB', zh_CN: '安装包大小不能超过 10MB' },
  'error.apkTooLarge': {
    en_US: 'The SmartConfig package cannot be larger than 50MB',
    zh_CN: 'SmartConfig 安装包大小不能超过 50MB',
  },
  'error.parseFailed': { en_US: 'Parsing failed, please try again', zh_CN: '解析失败，请重试' },
  'error.fileInconsistent': {
    en_US: 'The parameter file is inconsistent with the actual file content',
    zh_CN: '参数文件与实际文件内容不一致',
  },
  'error.archiveUnsafe': {
    en_US: 'The archive holds unsafe paths or unpacks too large',
    zh_CN: '压缩包含有不安全的路径或解压后过大',
  },
  'error.fileNotFound': { en_US: 'The uploaded file does not exist', zh_CN: '上传的文件不存在' },
  'error.createFailed': { en_US: 'Create failed', zh_CN: '创建失败' },
  'error.someDevicesFailed': { en_US: 'Some devices failed task creation', zh_CN: '部分设备创建任务失败' },
  'error.noUpgradeDevices': { en_US: 'No devices meet the upgrade conditions', zh_CN: '没有满足升级条件的设备' },
  'error.noDevicesInScope': { en_US: 'There are no devices in the selected scope', zh_CN: '所选范围内没有设备' },
  'error.versionNotConsecutive': {
    en_US: 'Version numbers not consecutive, re-release not permitted',
    zh_CN: '版本号不连续，不允许重新发布',
  },
  'error.versionNotNewer': {
    en_US: 'The version must be newer than every existing version',
    zh_CN: '版本号必须高于所有已有版本',
  },
  'error.versionExists': { en_US: 'This version already exists', zh_CN: '该版本已存在' },
  'error.packageNotFound': { en_US: 'The selected package does not exist', zh_CN: '所选安装包不存在' },
  'error.logoNotFound': { en_US: 'The startup logo does not exist', zh_CN: '开机 Logo 不存在' },
  'error.logoTooLarge': { en_US: 'The startup logo cannot be larger than 64KB', zh_CN: '开机 Logo 大小不能超过 64KB' },
  'error.logoFormat': {
    en_US: 'The startup logo must be a monochrome (1-bit) BMP image',
    zh_CN: '开机 Logo 仅支持单色（1 位）BMP 图片',
  },
  'error.logoDimensions': {
    en_US: 'The startup logo can be at most 576 dots wide and 576 dots high',
    zh_CN: '开机 Logo 的宽度和高度不能超过 576 点',
  },
  'error.packageInUse': { en_US: 'The package is still used by tasks', zh_CN: '该安装包仍被任务使用' },
  'error.baseVersionRequired': { en_US: 'A split package needs its base version', zh_CN: '差分包需要填写基础版本' },
  'error.languagePackIncomplete': {
    en_US: 'The language pack lacks voice clips the transaction broadcast needs',
    zh_CN: '语言包缺少交易播报所需的语音文件',
  },
  'error.scopeExclusive': {
    en_US: 'Only one of by group or by S/N may be chosen',
    zh_CN: '按分组和按 S/N 只能选择其一',
  },
  'error.taskNotEditable': {
    en_US: 'The task has started and can no longer be edited',
    zh_CN: '任务已开始，无法再编辑',
  },
  'error.taskEnded': { en_US: 'The task has already ended', zh_CN: '任务已结束' },
  'error.phasesSum': { en_US: 'The phases must add up to 100%', zh_CN: '各阶段比例之和必须为 100%' },
  'error.taskNotRunning': { en_US: 'The task is not in progress', zh_CN: '任务未在进行中' },
  'error.taskNotHalted': { en_US: 'The task is neither paused nor aborted', zh_CN: '任务未暂停也未中止' },
  'error.phaseNotReady': {
    en_US: 'The current phase has not met its soak time and success threshold yet',
    zh_CN: '当前阶段尚未达到观察时间和成功率阈值',
  },
  'error.noApprovalPending': { en_US: 'No phase waits for an approval', zh_CN: '没有等待批准的阶段' },
  'error.phaseCohortOrPercent': {
    en_US: 'A phase takes either a cohort or a share of the devices',
    zh_CN: '每个阶段需选择一个分组批次或一个设备比例（二选一）',
  },
  'error.cohortNotFound': { en_US: 'The selected cohort does not exist', zh_CN: '所选设备批次不存在' },
  'error.cohortNameExists': { en_US: 'A cohort with this name already exists', zh_CN: '设备批次名称已存在' },
  'error.cohortEmpty': {
    en_US: "The cohort would have no devices: none of the account's devices match",
    zh_CN: '该设备批次没有设备：没有符合条件的本账户设备',
  },
  'error.cohortNotInScope': {
    en_US: "None of the cohort's devices is in the task's scope",
    zh_CN: '该设备批次中没有设备在任务范围内',
  },
  'error.cohortTooLarge': { en_US: 'A cohort holds at most 10,000 devices', zh_CN: '设备批次最多包含 10,000 台设备' },
  'error.packageModelMismatch': {
    en_US: "The package is built for another model: no device in the scope's models can take it",
    zh_CN: '该安装包适用于其他型号：所选范围内的设备型号均无法安装',
  },
  'ota.abortedMailLink': { en_US: 'The task in the console: {{link}}', zh_CN: '在控制台查看该任务：{{link}}' },
  'ota.abortKind.failed': { en_US: 'failed', zh_CN: '失败' },
  'ota.abortKind.timedOut': { en_US: 'timed out', zh_CN: '超时' },
  'ota.abortKind.rolledBack': { en_US: 'rolled back', zh_CN: '回滚' },
  'ota.abortKind.any': { en_US: 'failed, timed out or rolled back', zh_CN: '失败、超时或回滚' },
  'ota.abortedTitle': { en_US: 'Upgrade task "{{name}}" was aborted', zh_CN: '升级任务“{{name}}”已中止' },
  'ota.abortedContent': {
    en_US:
      '{{count}} of {{finished}} finished device(s) {{kind}} ({{rate}}%, threshold {{percent}}%). No new upgrades are offered; resume or cancel the task in the console.',
    zh_CN:
      '{{finished}} 台已结束设备中 {{count}} 台{{kind}}（{{rate}}%，阈值 {{percent}}%）。已停止下发新的升级；请在控制台恢复或取消该任务。',
  },
  'error.languageRequired': {
    en_US: 'Language is required for a language package task',
    zh_CN: '语言包任务需要选择语言',
  },
  'validation.noChinese': { en_US: 'Cannot contain Chinese', zh_CN: '不能包含中文' },
  'validation.format': { en_US: 'Incorrect format', zh_CN: '格式不正确' },
  'validation.number': { en_US: 'Must be a number', zh_CN: '必须是数字' },
  'validation.integer': { en_US: 'Must be an integer', zh_CN: '必须是整数' },
  'validation.positiveInteger': { en_US: 'Must be a positive integer', zh_CN: '必须是正整数' },
  'validation.greaterThanZero': { en_US: 'Must be greater than 0', zh_CN: '必须大于 0' },
  'validation.twoDecimals': { en_US: 'At most two decimal places', zh_CN: '最多两位小数' },
  'validation.email': { en_US: 'Incorrect email format', zh_CN: '邮箱格式不正确' },
  'validation.phone': { en_US: 'Incorrect phone format', zh_CN: '手机号格式不正确' },
  'validation.qrPasswordLength': {
    en_US: 'The password must be 4 to 16 letters or digits',
    zh_CN: '密码须为 4 到 16 位字母或数字',
  },
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
  'validation.volumeRange': { en_US: 'Volume must be between 0 and 100', zh_CN: '音量须在 0 到 100 之间' },
  'validation.orderOrJob': {
    en_US: 'Give either the order ID or the job ID, not both',
    zh_CN: '订单号和任务 ID 只能填写其一',
  },
  'validation.noticeAccountRequired': {
    en_US: 'Choose at least one target account',
    zh_CN: '请至少选择一个目标账户',
  },
  'validation.receiverRequired': {
    en_US: 'Choose at least one message recipient',
    zh_CN: '请至少选择一个消息接收人',
  },
  'validation.gradeCount': {
    en_US: 'Give between 2 and 5 grades',
    zh_CN: '分级数量须在 2 到 5 之间',
  },
  'validation.gradeMinMax': {
    en_US: 'The minimum must be less than the maximum',
    zh_CN: '最小值必须小于最大值',
  },
  'validation.gradeContiguous': {
    en_US: "A grade's minimum must equal the previous grade's maximum",
    zh_CN: '每一级的最小值须等于上一级的最大值',
  },
  'validation.paymentTypesRequired': { en_US: 'Choose at least one payment type', zh_CN: '请至少选择一种支付方式' },
  // the device list as a file (GET /v1/devices/export)
  'device.export.sn': { en_US: 'S/N', zh_CN: '序列号' },
  'device.export.name': { en_US: 'Name', zh_CN: '名称' },
  'device.export.account': { en_US: 'Account', zh_CN: '账户' },
  'device.export.model': { en_US: 'Model', zh_CN: '型号' },
  'device.export.type': { en_US: 'Type', zh_CN: '类型' },
  'device.export.group': { en_US: 'Group', zh_CN: '分组' },
  'device.export.owner': { en_US: 'Assigned to', zh_CN: '所属用户' },
  'device.export.app': { en_US: 'Application', zh_CN: '应用' },
  'device.export.manufacturer': { en_US: 'Manufacturer', zh_CN: '厂商' },
  'device.export.status': { en_US: 'Status', zh_CN: '状态' },
  'device.export.online': { en_US: 'Online', zh_CN: '在线' },
  'device.export.activated': { en_US: 'Activated', zh_CN: '已激活' },
  'device.export.paused': { en_US: 'Paused', zh_CN: '已暂停' },
  'device.export.muted': { en_US: 'Muted', zh_CN: '已静音' },
  'device.export.printerState': { en_US: 'Printer state', zh_CN: '打印机状态' },
  'device.export.battery': { en_US: 'Battery (%)', zh_CN: '电量（%）' },
  'device.export.firmware': { en_US: 'Firmware', zh_CN: '固件版本' },
  'device.export.lastOnlineAt': { en_US: 'Last online', zh_CN: '最近上线时间' },
  'device.export.createdAt': { en_US: 'Created', zh_CN: '创建时间' },
  'device.export.status.0': { en_US: 'Not enabled', zh_CN: '未启用' },
  'device.export.status.1': { en_US: 'Disabled', zh_CN: '已禁用' },
  'device.export.status.2': { en_US: 'Enabled', zh_CN: '已启用' },
  'device.export.yes': { en_US: 'Yes', zh_CN: '是' },
  'device.export.no': { en_US: 'No', zh_CN: '否' },
  // job control (cancel, reprint, test print)
  'error.jobDone': {
    en_US: 'The job has already been printed or played and cannot be cancelled',
    zh_CN: '该任务已打印或播报完成，无法取消',
  },
  'error.jobEnded': {
    en_US: 'The job has already ended (failed or timed out) and cannot be cancelled',
    zh_CN: '该任务已结束（失败或超时），无法取消',
  },
  'error.jobDelivered': {
    en_US: 'The device has already received the job; it can no longer be cancelled',
    zh_CN: '设备已收到该任务，无法再取消',
  },
  'error.jobNotFinished': {
    en_US: 'Only a finished job can be printed or played again',
    zh_CN: '只有已结束的任务才能重新打印或播报',
  },
  // the live console (GET /v1/live)
  'live.tooManyStreams': {
    en_US: 'Too many live connections for this user, close another console tab',
    zh_CN: '该用户的实时连接过多，请关闭其他控制台标签页',
  },
  // the seeded device types (migration 0004), by code
  'deviceType.cloud-printer': { en_US: 'Cloud printer', zh_CN: '云打印机' },
  'deviceType.cloud-speaker': { en_US: 'Cloud speaker', zh_CN: '云音箱' },
  'deviceType.cloud-printer-speaker': { en_US: 'Cloud printer with speaker', zh_CN: '云打印音箱一体机' },
  'deviceType.pos-terminal': { en_US: 'POS terminal', zh_CN: 'POS 终端' },
  'error.importSecretsTaken': {
    en_US: 'The generated secrets of this batch add were already taken: they are shown only once',
    zh_CN: '本次批量添加生成的密钥已被取走：密钥仅展示一次',
  },
  // operation-log descriptions (log-messages.ts)
  ...logMessages,
} satisfies Catalogue;

export type MessageKey = keyof typeof messages;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(messages, key);
}

/** Translate a key; unknown keys are returned as they are (they may already be prose). */
export function translate(key: string, locale: Locale = DEFAULT_LOCALE): string {
  return isMessageKey(key) ? messages[key][locale] : key;
}

export type MessageParams = Record<string, string | number>;

/**
 * Translate a key and fill its `{{name}}` placeholders. Values are inserted as given (a user
 * named "error.system" stays "error.system"); a placeholder without a value is left as it is.
 */
export function formatMessage(key: string, locale: Locale = DEFAULT_LOCALE, params: MessageParams = {}): string {
  return translate(key, locale).replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** `lang` as sent by the console (zh_CN, en_US, zh-CN, en, ...) → a supported locale. */
export function resolveLocale(lang: unknown): Locale {
  if (typeof lang !== 'string') return DEFAULT_LOCALE;
  const l = lang.toLowerCase().replace('-', '_');
  if (l.startsWith('zh')) return 'zh_CN';
  return 'en_US';
}
