export default {
  deviceTypes: {
    fields: { id: 'ID', name: '设备类型', code: '编码', models: '型号（设备数）', deviceCount: '设备数' },
    modelDevices: '{{name}}（{{count}}）',
    noModels: '暂无型号',
    readOnly: '设备类型随设备协议提供；型号的类型在型号表单中选择',
  },
};
