export default {
  group: {
    fields: {
      id: 'ID',
      name: '分组名称',
      description: '描述',
      deviceCount: '设备数',
      createdAt: '创建时间',
    },
    default: '默认',
    defaultName: '默认分组',
    defaultUndeletable: '默认分组不能删除',
    actions: { add: '新建分组', edit: '编辑分组' },
    confirm: {
      delete: '确定删除分组 {{name}}？',
      moves: '其下 {{count}} 台设备将移至默认分组。',
      movesNone: '该分组下没有设备。',
    },
  },
};
