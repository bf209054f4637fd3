export default {
  live: {
    on: 'Live',
    onHint: 'Changes appear as they happen',
    reconnecting: 'Reconnecting',
    reconnectingHint: 'The live connection is down; pages refresh every minute until it is back',
  },
};
