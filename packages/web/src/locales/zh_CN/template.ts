export default {
  template: {
    fields: {
      id: 'ID',
      name: '模板名称',
      purpose: '用途',
      model: '打印机型号',
      command: '指令集',
      body: '模板内容',
      paramCount: '参数数',
      businessCount: '关联业务数',
      updatedAt: '更新时间',
    },
    command: {
      escpos: 'ESC/POS',
      starmbcs: 'StarPRNT（多字节）',
      starsbcs: 'StarPRNT（单字节）',
    },
    sections: { basic: '模板', params: '参数' },
    bodyHint: '小票标记语言（receiptline）。在需要填入参数值的位置写 {{example}}。',
    params: {
      name: '参数名',
      sample: '示例值',
      description: '说明',
      add: '添加参数',
      pickUp: '从模板内容提取占位符',
      empty: '暂无参数',
      undeclared: '模板内容中使用但未声明的占位符：{{names}}',
    },
    validation: {
      paramName: '由字母、数字和下划线组成，以字母或下划线开头（最多 32 位）',
    },
    preview: {
      title: '模拟',
      simulate: '模拟',
      hint: '输入时随模板内容和示例值自动更新',
      width: '{{width}} mm 纸宽',
      chars: '每行 {{count}} 个字符',
      empty: '填写模板内容后查看小票效果',
      failed: '模板无法渲染',
      alt: '{{width}} mm 小票',
      warning: {
        undeclared: '{{name}} 未声明',
        noValue: '{{name}} 没有示例值',
      },
    },
    detailTitle: '模板详情',
    actions: { add: '新增模板', edit: '编辑模板' },
    confirm: {
      delete: '确定删除模板 {{name}}？',
      inUse: '该模板正被 {{count}} 个业务使用，需先解除关联才能删除。',
    },
  },
};
