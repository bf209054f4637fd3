export default {
  personal: {
    avatar: {
      change: 'Change avatar',
      remove: 'Remove',
      removeConfirm: 'Remove your avatar?',
      hint: 'PNG or JPG, at most 2 MB; cut to a square',
      unreadable: 'The picture cannot be read',
    },
    platform: 'Platform',
    account: 'Account',
    changePassword: 'Change password',
    changeEmail: 'Change email',
    currentEmail: 'Current email',
    newEmail: 'New email',
    tabs: { info: 'Account info', security: 'Security', messageLanguage: 'Message language' },
    messageLanguages: {
      zh_CN: 'Chinese',
      en_US: 'English',
      yue: 'Cantonese',
      th: 'Thai',
      bn: 'Bengali',
      es: 'Spanish',
      pt: 'Portuguese',
      hi: 'Hindi',
    },
  },
};
