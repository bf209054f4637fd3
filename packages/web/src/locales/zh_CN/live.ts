export default {
  live: {
    on: '实时',
    onHint: '变化即时显示',
    reconnecting: '正在重连',
    reconnectingHint: '实时连接已断开；恢复前页面每分钟刷新一次',
  },
};
