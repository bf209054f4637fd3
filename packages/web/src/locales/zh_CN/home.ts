export default {
  home: {
    opTitle: '运营概览',
    acTitle: '{{name}} 概览',
    welcome: '欢迎，{{name}}',
    summary: {
      accountCount: '账户数',
      enabledAccountCount: '启用账户数',
      userCount: '用户数',
      opUserCount: '运营用户数',
      roleCount: '角色数',
    },
  },
};
