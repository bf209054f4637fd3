export default {
  group: {
    fields: {
      id: 'ID',
      name: 'Group name',
      description: 'Description',
      deviceCount: 'Devices',
      createdAt: 'Created at',
    },
    default: 'Default',
    defaultName: 'Default group',
    defaultUndeletable: 'The default group cannot be deleted',
    actions: { add: 'Create group', edit: 'Edit group' },
    confirm: {
      delete: 'Delete group {{name}}?',
      moves: 'Its {{count}} device(s) will move to the default group.',
      movesNone: 'It has no devices.',
    },
  },
};
