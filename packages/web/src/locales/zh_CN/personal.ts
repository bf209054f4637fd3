export default {
  personal: {
    avatar: {
      change: '更换头像',
      remove: '移除',
      removeConfirm: '确定移除头像？',
      hint: 'PNG 或 JPG 格式，最大 2MB，将裁剪为正方形',
      unreadable: '无法读取该图片',
    },
    platform: '平台',
    account: '账户',
    changePassword: '修改密码',
    changeEmail: '修改邮箱',
    currentEmail: '当前邮箱',
    newEmail: '新邮箱',
    tabs: { info: '账户信息', security: '安全设置', messageLanguage: '消息语言' },
    messageLanguages: {
      zh_CN: '中文',
      en_US: '英语',
      yue: '粤语',
      th: '泰语',
      bn: '孟加拉语',
      es: '西班牙语',
      pt: '葡萄牙语',
      hi: '印地语',
    },
  },
};
