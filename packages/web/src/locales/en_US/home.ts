export default {
  home: {
    opTitle: 'Operations overview',
    acTitle: 'Overview of {{name}}',
    welcome: 'Welcome, {{name}}',
    summary: {
      accountCount: 'Accounts',
      enabledAccountCount: 'Enabled accounts',
      userCount: 'Users',
      opUserCount: 'Operator users',
      roleCount: 'Roles',
    },
  },
};
