/** 任务词汇：语音测试与记录页面共用（状态、类型、失败原因）。 */
export default {
  job: {
    status: {
      0: '未推送',
      1: '已推送',
      2: '推送成功',
      3: '成功',
      4: '失败',
      5: '超时',
    },
    statusOf: {
      print: { 3: '打印成功', 4: '打印失败' },
      broadcast: { 3: '播报成功', 4: '播报失败' },
    },
    kind: {
      print: '打印',
      speak: '语音播报',
      trade: '交易播报',
    },
    source: {
      api: '开放接口',
      console: '控制台',
    },
    reason: {
      outOfPaper: '缺纸',
      coverOpen: '纸仓盖打开',
      overheating: '过热',
      printerError: '打印机故障',
      clipMissing: '语音文件缺失',
      muted: '已静音',
      expired: '已过期',
      notConfirmed: '未按时确认（设备仍可能上报结果）',
      cancelled: '已取消',
      invalid: '无效任务',
      other: '其他',
      queueFull: '网关繁忙，任务在队列中等待',
      brokerError: 'MQTT 代理拒收，任务在队列中等待',
    },
  },
};
