/**
 * Operation-log descriptions (`log.*`): the server stores the key and its parameters with each
 * entry and renders it in the reader's language (list and CSV export). `{{name}}` placeholders are
 * filled with the stored values as they are (names, S/Ns, ids), never translated. en_US is the
 * wording the log used before it was translated, so stored English text and searches stay the same.
 */
export const logMessages = {
  // sign-in, passwords, personal centre
  'log.auth.locked': {
    en_US: 'User {{username}} locked after {{max}} wrong passwords',
    zh_CN: '用户 {{username}} 连续 {{max}} 次密码错误，已被锁定',
  },
  'log.auth.signInLimited': {
    en_US: 'Sign-in as {{username}} from {{ip}} refused: too many failed attempts (again in {{seconds}} s)',
    zh_CN: '来自 {{ip}} 以 {{username}} 登录被拒绝：失败次数过多（{{seconds}} 秒后可重试）',
  },
  'log.auth.passwordLimited': {
    en_US: 'Password check of {{username}} from {{ip}} refused: too many wrong passwords (again in {{seconds}} s)',
    zh_CN: '来自 {{ip}} 的 {{username}} 密码校验被拒绝：密码错误次数过多（{{seconds}} 秒后可重试）',
  },
  'log.auth.tokenLimited': {
    en_US: 'Token request from {{ip}} refused: too many invalid codes or refresh tokens (again in {{seconds}} s)',
    zh_CN: '来自 {{ip}} 的令牌请求被拒绝：无效授权码或刷新令牌过多（{{seconds}} 秒后可重试）',
  },
  'log.auth.activationLimited': {
    en_US: 'Activation link from {{ip}} refused: too many invalid links (again in {{seconds}} s)',
    zh_CN: '来自 {{ip}} 的激活链接被拒绝：无效链接过多（{{seconds}} 秒后可重试）',
  },
  'log.auth.login': { en_US: 'User {{username}} signed in', zh_CN: '用户 {{username}} 登录' },
  'log.auth.logout': { en_US: 'User {{username}} signed out', zh_CN: '用户 {{username}} 退出登录' },
  'log.auth.changePassword': {
    en_US: 'User {{username}} changed the password',
    zh_CN: '用户 {{username}} 修改了密码',
  },
  'log.auth.activate': {
    en_US: 'User {{username}} set the password and was activated',
    zh_CN: '用户 {{username}} 设置了密码并已激活',
  },
  'log.auth.cliReset': {
    en_US: "Password of {{username}} reset and user unlocked from the server's command line",
    zh_CN: '已通过服务器命令行重置 {{username}} 的密码并解锁该用户',
  },
  'log.personal.edit': { en_US: 'User {{username}} edited the profile', zh_CN: '用户 {{username}} 编辑了个人资料' },
  'log.personal.avatar': { en_US: 'User {{username}} changed the avatar', zh_CN: '用户 {{username}} 更换了头像' },
  'log.personal.avatarRemoved': {
    en_US: 'User {{username}} removed the avatar',
    zh_CN: '用户 {{username}} 移除了头像',
  },
  'log.personal.email': { en_US: 'User {{username}} changed the email', zh_CN: '用户 {{username}} 修改了邮箱' },
  'log.personal.language': {
    en_US: 'User {{username}} set the message language to {{language}}',
    zh_CN: '用户 {{username}} 将消息语言设置为 {{language}}',
  },
  // users and roles
  'log.user.add': { en_US: 'Added user {{username}}', zh_CN: '新增用户 {{username}}' },
  'log.user.edit': { en_US: 'Edited user {{username}}', zh_CN: '编辑用户 {{username}}' },
  'log.user.delete': { en_US: 'Deleted user {{username}}', zh_CN: '删除用户 {{username}}' },
  'log.user.enable': { en_US: 'Enabled user {{username}}', zh_CN: '启用用户 {{username}}' },
  'log.user.disable': { en_US: 'Disabled user {{username}}', zh_CN: '禁用用户 {{username}}' },
  'log.user.unlock': { en_US: 'Unlocked user {{username}}', zh_CN: '解锁用户 {{username}}' },
  'log.user.resetPassword': {
    en_US: 'Reset the password of user {{username}}',
    zh_CN: '重置用户 {{username}} 的密码',
  },
  'log.user.sendActivation': {
    en_US: 'Sent the activation email to user {{username}}',
    zh_CN: '向用户 {{username}} 发送激活邮件',
  },
  'log.user.assignRoles': { en_US: 'Assigned roles to user {{username}}', zh_CN: '为用户 {{username}} 分配角色' },
  'log.user.transferAdmin': {
    en_US: 'Made user {{target}} the super administrator; user {{username}} was deleted',
    zh_CN: '将用户 {{target}} 设为超级管理员；用户 {{username}} 已删除',
  },
  'log.role.add': { en_US: 'Added role {{name}}', zh_CN: '新增角色 {{name}}' },
  'log.role.edit': { en_US: 'Edited role {{name}}', zh_CN: '编辑角色 {{name}}' },
  'log.role.delete': { en_US: 'Deleted role {{name}}', zh_CN: '删除角色 {{name}}' },
  // accounts and their API
  'log.account.add': {
    en_US: 'Created account "{{name}}" (id {{id}}) with administrator {{username}} <{{email}}>',
    zh_CN: '创建账户“{{name}}”（ID {{id}}），管理员 {{username}} <{{email}}>',
  },
  'log.account.edit': {
    en_US: 'Edited account "{{name}}" (id {{id}}): {{fields}}',
    zh_CN: '编辑账户“{{name}}”（ID {{id}}）：{{fields}}',
  },
  'log.account.editNoFields': {
    en_US: 'Edited account "{{name}}" (id {{id}}): no fields',
    zh_CN: '编辑账户“{{name}}”（ID {{id}}）：无字段变更',
  },
  'log.account.geoEnable': {
    en_US: 'Enabled the geolocation service of account "{{name}}" (id {{id}})',
    zh_CN: '开通账户“{{name}}”（ID {{id}}）的定位服务',
  },
  'log.account.geoDisable': {
    en_US: 'Disabled the geolocation service of account "{{name}}" (id {{id}})',
    zh_CN: '关闭账户“{{name}}”（ID {{id}}）的定位服务',
  },
  'log.account.qrBrandEnable': {
    en_US: 'Enabled the custom QR code service of account "{{name}}" (id {{id}})',
    zh_CN: '开通账户“{{name}}”（ID {{id}}）的自定义二维码服务',
  },
  'log.account.qrBrandDisable': {
    en_US: 'Disabled the custom QR code service of account "{{name}}" (id {{id}})',
    zh_CN: '关闭账户“{{name}}”（ID {{id}}）的自定义二维码服务',
  },
  'log.account.pushAlarmEnable': {
    en_US: 'Enabled the push-delay alarm service of account "{{name}}" (id {{id}})',
    zh_CN: '开通账户“{{name}}”（ID {{id}}）的推送延迟告警服务',
  },
  'log.account.pushAlarmDisable': {
    en_US: 'Disabled the push-delay alarm service of account "{{name}}" (id {{id}})',
    zh_CN: '关闭账户“{{name}}”（ID {{id}}）的推送延迟告警服务',
  },
  'log.account.enable': { en_US: 'Enabled account "{{name}}" (id {{id}})', zh_CN: '启用账户“{{name}}”（ID {{id}}）' },
  'log.account.disable': {
    en_US: 'Disabled account "{{name}}" (id {{id}})',
    zh_CN: '禁用账户“{{name}}”（ID {{id}}）',
  },
  'log.account.changeAdmin': {
    en_US:
      'Replaced the administrator of account "{{name}}" (id {{id}}): {{old}} deleted, {{username}} <{{email}}> added',
    zh_CN: '更换账户“{{name}}”（ID {{id}}）的管理员：已删除 {{old}}，已添加 {{username}} <{{email}}>',
  },
  'log.account.unlockAdmin': {
    en_US: 'Unlocked the administrator {{username}} of account "{{name}}" (id {{id}})',
    zh_CN: '解锁账户“{{name}}”（ID {{id}}）的管理员 {{username}}',
  },
  'log.account.unlockAdminNotLocked': {
    en_US: 'Unlocked the administrator {{username}} of account "{{name}}" (id {{id}}) (was not locked)',
    zh_CN: '解锁账户“{{name}}”（ID {{id}}）的管理员 {{username}}（原本未锁定）',
  },
  'log.accountApi.pushAddresses': {
    en_US: 'Changed push addresses: {{addresses}}',
    zh_CN: '修改推送地址：{{addresses}}',
  },
  'log.accountApi.resetSecret': {
    en_US: 'Generated a new API secret for app key {{appKey}}',
    zh_CN: '为 App Key {{appKey}} 生成新的 API 密钥',
  },
  'log.accountApi.viewSecret': { en_US: 'Viewed the API secret of {{appKey}}', zh_CN: '查看 {{appKey}} 的 API 密钥' },
  'log.accountApi.serviceParams': {
    en_US: 'Changed value-added service parameters ({{params}})',
    zh_CN: '修改增值服务参数（{{params}}）',
  },
  'log.accountApi.serviceParamsNone': {
    en_US: 'Changed value-added service parameters (none)',
    zh_CN: '修改增值服务参数（无）',
  },
  'log.apiKey.create': {
    en_US: 'Created API key "{{name}}" ({{appKey}})',
    zh_CN: '创建 API 密钥“{{name}}”（{{appKey}}）',
  },
  'log.apiKey.rename': {
    en_US: 'Renamed API key {{appKey}} from "{{old}}" to "{{name}}"',
    zh_CN: '将 API 密钥 {{appKey}} 从“{{old}}”改名为“{{name}}”',
  },
  'log.apiKey.rotate': {
    en_US: 'Rotated the secret of API key "{{name}}" ({{appKey}}); the old secret works until {{until}}',
    zh_CN: '轮换 API 密钥“{{name}}”（{{appKey}}）的密钥；旧密钥有效至 {{until}}',
  },
  'log.apiKey.rotateNow': {
    en_US: 'Rotated the secret of API key "{{name}}" ({{appKey}}); the old secret stopped at once',
    zh_CN: '轮换 API 密钥“{{name}}”（{{appKey}}）的密钥；旧密钥立即失效',
  },
  'log.apiKey.endOverlap': {
    en_US: 'Stopped the old secret of API key "{{name}}" ({{appKey}})',
    zh_CN: '停用 API 密钥“{{name}}”（{{appKey}}）的旧密钥',
  },
  'log.apiKey.revoke': {
    en_US: 'Revoked API key "{{name}}" ({{appKey}})',
    zh_CN: '吊销 API 密钥“{{name}}”（{{appKey}}）',
  },
  'log.webhook.test': {
    en_US: 'Sent a test {{event}} event to {{url}} (delivery {{id}})',
    zh_CN: '向 {{url}} 发送 {{event}} 测试事件（投递 {{id}}）',
  },
  'log.webhook.redeliver': {
    en_US: 'Redelivered webhook delivery {{original}} as delivery {{id}}',
    zh_CN: '重新投递推送 {{original}}，新投递 {{id}}',
  },
  // notices and messages
  'log.notice.add': { en_US: 'Created notice "{{title}}" (id {{id}})', zh_CN: '创建公告“{{title}}”（ID {{id}}）' },
  'log.notice.edit': { en_US: 'Edited notice "{{title}}" (id {{id}})', zh_CN: '编辑公告“{{title}}”（ID {{id}}）' },
  'log.notice.delete': { en_US: 'Deleted notice "{{title}}" (id {{id}})', zh_CN: '删除公告“{{title}}”（ID {{id}}）' },
  'log.notice.publish': {
    en_US: 'Published notice "{{title}}" (id {{id}}) to {{count}} recipient(s)',
    zh_CN: '发布公告“{{title}}”（ID {{id}}），接收人 {{count}} 位',
  },
  'log.notice.receivers': {
    en_US: 'Set the message recipients: {{usernames}}',
    zh_CN: '设置消息接收人：{{usernames}}',
  },
  'log.notice.alertKinds': {
    en_US: 'Set the device alerts that raise messages: {{kinds}}',
    zh_CN: '设置产生消息的设备告警：{{kinds}}',
  },
  'log.notice.alertChannels': {
    en_US: 'Set the alert channels: e-mail to {{emailTo}}; alert address {{webhook}}; low battery at {{percent}}%',
    zh_CN: '设置告警方式：邮件发送给 {{emailTo}}；告警地址 {{webhook}}；低电量阈值 {{percent}}%',
  },
  'log.pushAlarm.settings': {
    en_US: 'Set the push-delay alarm: {{consecutive}} pushes over {{thresholdMs}} ms within {{monitorMinutes}} min',
    zh_CN: '设置推送延迟告警：{{monitorMinutes}} 分钟内连续 {{consecutive}} 次推送超过 {{thresholdMs}} 毫秒',
  },
  'log.pushAlarm.mute': { en_US: 'Muted the push alarm of {{sns}}', zh_CN: '静默 {{sns}} 的推送告警' },
  'log.pushAlarm.unmute': { en_US: 'Unmuted the push alarm of {{sns}}', zh_CN: '取消静默 {{sns}} 的推送告警' },
  // geofences and the cell table
  'log.cells.import': {
    en_US: 'Imported {{count}} cell(s) into the cell table',
    zh_CN: '向基站库导入 {{count}} 个基站',
  },
  'log.fence.add': { en_US: 'Created fence "{{name}}" (id {{id}})', zh_CN: '创建围栏“{{name}}”（ID {{id}}）' },
  'log.fence.edit': { en_US: 'Edited fence "{{name}}" (id {{id}})', zh_CN: '编辑围栏“{{name}}”（ID {{id}}）' },
  'log.fence.delete': { en_US: 'Deleted fence "{{name}}" (id {{id}})', zh_CN: '删除围栏“{{name}}”（ID {{id}}）' },
  'log.fence.enable': { en_US: 'Enabled fence "{{name}}" (id {{id}})', zh_CN: '启用围栏“{{name}}”（ID {{id}}）' },
  'log.fence.disable': { en_US: 'Disabled fence "{{name}}" (id {{id}})', zh_CN: '停用围栏“{{name}}”（ID {{id}}）' },
  // applications, businesses, templates
  'log.application.add': {
    en_US: 'Created application "{{name}}" (id {{id}})',
    zh_CN: '创建应用“{{name}}”（ID {{id}}）',
  },
  'log.application.edit': {
    en_US: 'Edited application "{{name}}" (id {{id}}): {{fields}}',
    zh_CN: '编辑应用“{{name}}”（ID {{id}}）：{{fields}}',
  },
  'log.application.editNoFields': {
    en_US: 'Edited application "{{name}}" (id {{id}}): no fields',
    zh_CN: '编辑应用“{{name}}”（ID {{id}}）：无字段变更',
  },
  'log.application.delete': {
    en_US: 'Deleted application "{{name}}" (id {{id}})',
    zh_CN: '删除应用“{{name}}”（ID {{id}}）',
  },
  'log.application.viewSecret': {
    en_US: 'Viewed the secret of application "{{name}}" (id {{id}})',
    zh_CN: '查看应用“{{name}}”（ID {{id}}）的密钥',
  },
  'log.business.add': { en_US: 'Created business "{{name}}" (id {{id}})', zh_CN: '创建业务“{{name}}”（ID {{id}}）' },
  'log.business.edit': { en_US: 'Edited business "{{name}}" (id {{id}})', zh_CN: '编辑业务“{{name}}”（ID {{id}}）' },
  'log.business.delete': {
    en_US: 'Deleted business "{{name}}" (id {{id}})',
    zh_CN: '删除业务“{{name}}”（ID {{id}}）',
  },
  'log.template.add': { en_US: 'Created template "{{name}}" (id {{id}})', zh_CN: '创建模板“{{name}}”（ID {{id}}）' },
  'log.template.edit': { en_US: 'Edited template "{{name}}" (id {{id}})', zh_CN: '编辑模板“{{name}}”（ID {{id}}）' },
  'log.template.delete': {
    en_US: 'Deleted template "{{name}}" (id {{id}})',
    zh_CN: '删除模板“{{name}}”（ID {{id}}）',
  },
  // models, manufacturers, groups
  'log.model.add': {
    en_US: 'Added model {{code}} "{{name}}" (id {{id}})',
    zh_CN: '新增型号 {{code}}“{{name}}”（ID {{id}}）',
  },
  'log.model.edit': {
    en_US: 'Edited model {{code}} (id {{id}}): {{fields}}',
    zh_CN: '编辑型号 {{code}}（ID {{id}}）：{{fields}}',
  },
  'log.model.editNoFields': {
    en_US: 'Edited model {{code}} (id {{id}}): no fields',
    zh_CN: '编辑型号 {{code}}（ID {{id}}）：无字段变更',
  },
  'log.model.enable': { en_US: 'Enabled model {{code}} (id {{id}})', zh_CN: '启用型号 {{code}}（ID {{id}}）' },
  'log.model.disable': { en_US: 'Disabled model {{code}} (id {{id}})', zh_CN: '禁用型号 {{code}}（ID {{id}}）' },
  'log.model.delete': { en_US: 'Deleted model {{code}} (id {{id}})', zh_CN: '删除型号 {{code}}（ID {{id}}）' },
  'log.manufacturer.add': {
    en_US: 'Added manufacturer {{code}} "{{name}}" (id {{id}})',
    zh_CN: '新增厂商 {{code}}“{{name}}”（ID {{id}}）',
  },
  'log.manufacturer.edit': {
    en_US: 'Edited manufacturer {{code}} (id {{id}}): {{fields}}',
    zh_CN: '编辑厂商 {{code}}（ID {{id}}）：{{fields}}',
  },
  'log.manufacturer.editNoFields': {
    en_US: 'Edited manufacturer {{code}} (id {{id}}): no fields',
    zh_CN: '编辑厂商 {{code}}（ID {{id}}）：无字段变更',
  },
  'log.manufacturer.delete': {
    en_US: 'Deleted manufacturer {{code}} (id {{id}}) with its licences and certificates',
    zh_CN: '删除厂商 {{code}}（ID {{id}}）及其许可证和证书',
  },
  'log.manufacturer.importLicence': {
    en_US: 'Imported licence {{number}} ({{maxDevices}} devices) for manufacturer {{code}}',
    zh_CN: '为厂商 {{code}} 导入许可证 {{number}}（{{maxDevices}} 台设备）',
  },
  'log.manufacturer.importCertificate': {
    en_US: 'Imported certificate {{serial}} ({{subject}}) for manufacturer {{code}}',
    zh_CN: '为厂商 {{code}} 导入证书 {{serial}}（{{subject}}）',
  },
  'log.manufacturer.revokeCertificate': {
    en_US: 'Revoked certificate {{serial}} of manufacturer "{{name}}"',
    zh_CN: '吊销厂商“{{name}}”的证书 {{serial}}',
  },
  'log.group.add': { en_US: 'Created group "{{name}}" (id {{id}})', zh_CN: '创建分组“{{name}}”（ID {{id}}）' },
  'log.group.edit': { en_US: 'Edited group "{{name}}" (id {{id}})', zh_CN: '编辑分组“{{name}}”（ID {{id}}）' },
  'log.group.delete': {
    en_US: 'Deleted group "{{name}}" (id {{id}}); {{moved}} device(s) moved to the default group',
    zh_CN: '删除分组“{{name}}”（ID {{id}}）；{{moved}} 台设备已移至默认分组',
  },
  // devices
  'log.device.add': { en_US: 'Added device {{sn}} (id {{id}})', zh_CN: '新增设备 {{sn}}（ID {{id}}）' },
  'log.device.edit': {
    en_US: 'Edited device {{sn}} (id {{id}}): {{fields}}',
    zh_CN: '编辑设备 {{sn}}（ID {{id}}）：{{fields}}',
  },
  'log.device.editNoFields': {
    en_US: 'Edited device {{sn}} (id {{id}}): no fields',
    zh_CN: '编辑设备 {{sn}}（ID {{id}}）：无字段变更',
  },
  'log.device.printInfo': {
    en_US: 'Set the print information of device {{sn}}',
    zh_CN: '设置设备 {{sn}} 的打印信息',
  },
  'log.device.qrOn': { en_US: 'QR code of device {{sn}} on', zh_CN: '开启设备 {{sn}} 的二维码' },
  'log.device.qrOnPassword': {
    en_US: 'QR code of device {{sn}} on, with password',
    zh_CN: '开启设备 {{sn}} 的二维码，已设密码',
  },
  'log.device.qrPasswordLimited': {
    en_US: 'QR code password of device {{sn}} from {{ip}} refused: too many wrong passwords (again in {{seconds}} s)',
    zh_CN: '来自 {{ip}} 的设备 {{sn}} 二维码密码被拒绝：密码错误次数过多（{{seconds}} 秒后可重试）',
  },
  'log.device.qrBrandName': {
    en_US: 'Custom QR code product name set to "{{name}}"',
    zh_CN: '自定义二维码的产品名称改为“{{name}}”',
  },
  'log.device.qrBrandNameRemoved': {
    en_US: 'Custom QR code product name removed',
    zh_CN: '移除自定义二维码的产品名称',
  },
  'log.device.qrBrandLogo': { en_US: 'Custom QR code logo replaced', zh_CN: '更换自定义二维码的 Logo' },
  'log.device.qrBrandLogoRemoved': { en_US: 'Custom QR code logo removed', zh_CN: '移除自定义二维码的 Logo' },
  'log.device.qrOff': { en_US: 'QR code of device {{sn}} off', zh_CN: '关闭设备 {{sn}} 的二维码' },
  'log.device.qrOffPassword': {
    en_US: 'QR code of device {{sn}} off, with password',
    zh_CN: '关闭设备 {{sn}} 的二维码，已设密码',
  },
  'log.device.enable': { en_US: 'Enabled device(s) {{sns}}', zh_CN: '启用设备 {{sns}}' },
  'log.device.disable': { en_US: 'Disabled device(s) {{sns}}', zh_CN: '禁用设备 {{sns}}' },
  'log.device.pause': { en_US: 'Paused device(s) {{sns}}', zh_CN: '暂停设备 {{sns}}' },
  'log.device.resume': { en_US: 'Resumed device(s) {{sns}}', zh_CN: '恢复设备 {{sns}}' },
  'log.device.mute': { en_US: 'Muted until {{until}} device(s) {{sns}}', zh_CN: '静音设备 {{sns}} 至 {{until}}' },
  'log.device.unmute': { en_US: 'Unmuted device(s) {{sns}}', zh_CN: '取消静音设备 {{sns}}' },
  'log.device.switchGroup': {
    en_US: 'Moved to group "{{group}}" device(s) {{sns}}',
    zh_CN: '将设备 {{sns}} 移至分组“{{group}}”',
  },
  'log.device.assignOwner': {
    en_US: 'Assigned to user "{{user}}" device(s) {{sns}}',
    zh_CN: '将设备 {{sns}} 分配给用户“{{user}}”',
  },
  'log.device.unassignOwner': {
    en_US: 'Assigned to no user device(s) {{sns}}',
    zh_CN: '取消设备 {{sns}} 的用户分配',
  },
  'log.device.delete': { en_US: 'Deleted device(s) {{sns}}', zh_CN: '删除设备 {{sns}}' },
  'log.device.restore': { en_US: 'Restored device(s) {{sns}}', zh_CN: '恢复已删除设备 {{sns}}' },
  'log.device.restart': { en_US: 'Restarted device {{sn}}', zh_CN: '重启设备 {{sn}}' },
  'log.device.askLog': { en_US: 'Asked device {{sn}} for its log', zh_CN: '请求设备 {{sn}} 上传日志' },
  'log.device.import': {
    en_US: 'Imported {{count}} device(s) (rows {{first}}–{{last}}, import {{jobId}})',
    zh_CN: '导入 {{count}} 台设备（第 {{first}}–{{last}} 行，导入任务 {{jobId}}）',
  },
  'log.device.importSecrets': {
    en_US: 'Took the {{count}} generated secret(s) of import {{jobId}}',
    zh_CN: '取走导入任务 {{jobId}} 生成的 {{count}} 个密钥',
  },
  // packages and files
  'log.file.upload': {
    en_US: 'Uploaded {{purpose}} file "{{name}}" (id {{id}}, {{size}} bytes, md5 {{md5}})',
    zh_CN: '上传{{purpose}}文件“{{name}}”（ID {{id}}，{{size}} 字节，MD5 {{md5}}）',
  },
  'log.firmware.add': {
    en_US: 'Added firmware "{{name}}" {{appName}} {{version}} ({{packageType}}, id {{id}}, file {{fileId}})',
    zh_CN: '新增固件“{{name}}” {{appName}} {{version}}（{{packageType}}，ID {{id}}，文件 {{fileId}}）',
  },
  'log.firmware.delete': {
    en_US: 'Deleted firmware "{{name}}" {{appName}} {{version}} (id {{id}})',
    zh_CN: '删除固件“{{name}}” {{appName}} {{version}}（ID {{id}}）',
  },
  'log.resourcePackage.add': {
    en_US: 'Added {{kind}} package "{{name}}" {{version}} (id {{id}}, file {{fileId}})',
    zh_CN: '新增 {{kind}} 资源包“{{name}}” {{version}}（ID {{id}}，文件 {{fileId}}）',
  },
  'log.resourcePackage.addWithLanguage': {
    en_US: 'Added {{kind}} package "{{name}}" {{version}} ({{language}}) (id {{id}}, file {{fileId}})',
    zh_CN: '新增 {{kind}} 资源包“{{name}}” {{version}}（{{language}}）（ID {{id}}，文件 {{fileId}}）',
  },
  'log.resourcePackage.delete': {
    en_US: 'Deleted {{kind}} package "{{name}}" {{version}} (id {{id}})',
    zh_CN: '删除 {{kind}} 资源包“{{name}}” {{version}}（ID {{id}}）',
  },
  'log.smartConfig.add': {
    en_US: 'Added SmartConfig {{version}} ({{updateType}}, {{status}}, id {{id}}, file {{fileId}})',
    zh_CN: '新增 SmartConfig {{version}}（{{updateType}}，{{status}}，ID {{id}}，文件 {{fileId}}）',
  },
  'log.smartConfig.edit': {
    en_US: 'Edited SmartConfig {{version}} (id {{id}})',
    zh_CN: '编辑 SmartConfig {{version}}（ID {{id}}）',
  },
  'log.smartConfig.delist': {
    en_US: 'Delisted SmartConfig {{version}} (id {{id}}): {{reason}}',
    zh_CN: '下架 SmartConfig {{version}}（ID {{id}}）：{{reason}}',
  },
  'log.smartConfig.list': {
    en_US: 'Listed SmartConfig {{version}} (id {{id}})',
    zh_CN: '上架 SmartConfig {{version}}（ID {{id}}）',
  },
  // tasks
  'log.pushTask.add': {
    en_US: 'Created push task "{{name}}" (id {{id}}, {{type}}) for {{count}} device(s)',
    zh_CN: '创建推送任务“{{name}}”（ID {{id}}，{{type}}），共 {{count}} 台设备',
  },
  'log.pushTask.cancel': {
    en_US: 'Cancelled push task "{{name}}" (id {{id}})',
    zh_CN: '取消推送任务“{{name}}”（ID {{id}}）',
  },
  'log.otaTask.add': {
    en_US:
      'Created upgrade task "{{name}}" (id {{id}}) to {{version}}: {{queued}} device(s) queued, {{skipped}} skipped, {{failed}} failed',
    zh_CN:
      '创建升级任务“{{name}}”（ID {{id}}），目标版本 {{version}}：{{queued}} 台设备已排队，{{skipped}} 台跳过，{{failed}} 台失败',
  },
  'log.otaTask.edit': {
    en_US: 'Edited upgrade task "{{name}}" (id {{id}})',
    zh_CN: '编辑升级任务“{{name}}”（ID {{id}}）',
  },
  'log.otaTask.cancel': {
    en_US: 'Cancelled upgrade task "{{name}}" (id {{id}}); {{count}} queued execution(s) cancelled',
    zh_CN: '取消升级任务“{{name}}”（ID {{id}}）；已取消 {{count}} 个排队中的执行',
  },
  'log.otaTask.pause': {
    en_US: 'Paused upgrade task "{{name}}" (id {{id}})',
    zh_CN: '暂停升级任务“{{name}}”（ID {{id}}）',
  },
  'log.otaTask.resume': {
    en_US: 'Resumed upgrade task "{{name}}" (id {{id}})',
    zh_CN: '恢复升级任务“{{name}}”（ID {{id}}）',
  },
  'log.otaTask.abort': {
    en_US: 'Aborted upgrade task "{{name}}" (id {{id}})',
    zh_CN: '中止升级任务“{{name}}”（ID {{id}}）',
  },
  'log.otaTask.autoAbort': {
    en_US:
      'Upgrade task "{{name}}" (id {{id}}) aborted: {{count}} of {{finished}} finished device(s) {{kind}}, threshold {{percent}}%',
    zh_CN: '升级任务“{{name}}”（ID {{id}}）已中止：{{finished}} 台已结束设备中 {{count}} 台{{kind}}，阈值 {{percent}}%',
  },
  'log.otaTask.approve': {
    en_US: 'Approved phase {{phase}} of upgrade task "{{name}}" (id {{id}})',
    zh_CN: '批准升级任务“{{name}}”（ID {{id}}）的第 {{phase}} 阶段',
  },
  'log.otaCohort.add': {
    en_US: 'Created cohort "{{name}}" (id {{id}}) of {{count}} device(s)',
    zh_CN: '创建设备批次“{{name}}”（ID {{id}}），共 {{count}} 台设备',
  },
  'log.otaCohort.edit': {
    en_US: 'Edited cohort "{{name}}" (id {{id}}), now {{count}} device(s)',
    zh_CN: '编辑设备批次“{{name}}”（ID {{id}}），现有 {{count}} 台设备',
  },
  'log.otaCohort.delete': {
    en_US: 'Deleted cohort "{{name}}" (id {{id}})',
    zh_CN: '删除设备批次“{{name}}”（ID {{id}}）',
  },
  // speakers
  'log.tradeSpeak.settingOn': {
    en_US:
      'Trade speak setting: enabled, prefix {{prefix}}, language {{language}}, volume {{volume}}, payment types {{paymentTypes}}',
    zh_CN: '交易播报设置：启用，前缀 {{prefix}}，语言 {{language}}，音量 {{volume}}，支付方式 {{paymentTypes}}',
  },
  'log.tradeSpeak.settingOff': {
    en_US:
      'Trade speak setting: disabled, prefix {{prefix}}, language {{language}}, volume {{volume}}, payment types {{paymentTypes}}',
    zh_CN: '交易播报设置：停用，前缀 {{prefix}}，语言 {{language}}，音量 {{volume}}，支付方式 {{paymentTypes}}',
  },
  'log.speakTest.text': {
    en_US: 'Speak test to {{sn}}: text "{{text}}" (job {{jobId}})',
    zh_CN: '向 {{sn}} 发送播报测试：文本“{{text}}”（任务 {{jobId}}）',
  },
  'log.speakTest.amount': {
    en_US: 'Speak test to {{sn}}: amount {{amount}} {{currency}} (job {{jobId}})',
    zh_CN: '向 {{sn}} 发送播报测试：金额 {{amount}} {{currency}}（任务 {{jobId}}）',
  },
  'log.job.cancel': {
    en_US: 'Cancelled job {{jobId}} of device {{sn}}',
    zh_CN: '取消设备 {{sn}} 的任务 {{jobId}}',
  },
  'log.job.reprint': {
    en_US: 'Sent job {{jobId}} of device {{sn}} again as job {{newJobId}}',
    zh_CN: '将设备 {{sn}} 的任务 {{jobId}} 重新发送为任务 {{newJobId}}',
  },
  'log.device.testPrint': {
    en_US: 'Test page sent to printer {{sn}} (job {{jobId}})',
    zh_CN: '向打印机 {{sn}} 发送测试页（任务 {{jobId}}）',
  },
} satisfies Record<`log.${string}`, { en_US: string; zh_CN: string }>;

export type LogMessageKey = keyof typeof logMessages;

/**
 * Placeholders whose stored value is a code, not a name: shown in the reader's words where the
 * language has them. en_US keeps the code, as the log wrote it before it was translated (so
 * stored English text and searches stay the same).
 */
export const logParamWords: Record<string, Partial<Record<'en_US' | 'zh_CN', Record<string, string>>>> = {
  // a file's purpose (FILE_PURPOSES), as the console names it
  purpose: { zh_CN: { firmware: '固件', resource: '资源包', smartConfig: 'SmartConfig', logo: 'Logo' } },
};

/** A log entry's stored values, with the codes among them in the reader's words (logParamWords). */
export function logParamsIn(
  locale: 'en_US' | 'zh_CN',
  params: Record<string, string | number>,
): Record<string, string | number> {
  const out = { ...params };
  for (const [name, value] of Object.entries(params)) {
    const word = logParamWords[name]?.[locale]?.[String(value)];
    if (word !== undefined) out[name] = word;
  }
  return out;
}
