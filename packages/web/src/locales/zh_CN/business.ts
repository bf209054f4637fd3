export default {
  business: {
    fields: {
      id: '业务 ID',
      name: '业务名称',
      type: '类型',
      template: '打印模板',
      voiceContent: '语音内容',
      content: '模板 / 语音内容',
      remark: '备注',
      createdAt: '创建时间',
      updatedAt: '更新时间',
    },
    type: { 0: '打印', 1: '播报', 2: '通知' },
    voiceHint: '设备播报的内容。在需要填入请求参数的位置写 {{example}}。',
    noTemplates: '暂无打印模板：请先在“打印模板”中新建。',
    detailTitle: '业务详情',
    actions: { add: '新增业务', edit: '编辑业务' },
    confirm: { delete: '确定删除业务 {{name}}？' },
  },
};
