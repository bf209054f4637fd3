export default {
  business: {
    fields: {
      id: 'Business ID',
      name: 'Business name',
      type: 'Type',
      template: 'Print template',
      voiceContent: 'Voice content',
      content: 'Template / voice content',
      remark: 'Remark',
      createdAt: 'Created at',
      updatedAt: 'Updated at',
    },
    type: { 0: 'Print', 1: 'Broadcast', 2: 'Notification' },
    voiceHint: 'What the speaker says. Write {{example}} where a request parameter goes.',
    noTemplates: 'No print templates yet: create one under Print templates first.',
    detailTitle: 'Business detail',
    actions: { add: 'Create business', edit: 'Edit business' },
    confirm: { delete: 'Delete business {{name}}?' },
  },
};
