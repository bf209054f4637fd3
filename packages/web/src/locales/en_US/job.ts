/** Job vocabulary shared by the speak test and the record screens (status, kind, failure reason). */
export default {
  job: {
    status: {
      0: 'Not pushed',
      1: 'Pushed',
      2: 'Push succeeded',
      3: 'Success',
      4: 'Failed',
      5: 'Timeout',
    },
    /** the finished states in the spec's words, by what the device does (speech and transactions: broadcast) */
    statusOf: {
      print: { 3: 'Print success', 4: 'Print failed' },
      broadcast: { 3: 'Broadcast success', 4: 'Broadcast failed' },
    },
    kind: {
      print: 'Print',
      speak: 'Speech',
      trade: 'Transaction broadcast',
    },
    source: {
      api: 'Open API',
      console: 'Console',
    },
    reason: {
      outOfPaper: 'Out of paper',
      coverOpen: 'Cover open',
      overheating: 'Overheating',
      printerError: 'Printer error',
      clipMissing: 'Voice clip missing',
      muted: 'Muted',
      expired: 'Expired',
      notConfirmed: 'Not confirmed in time (the device may still report it)',
      cancelled: 'Cancelled',
      invalid: 'Invalid job',
      other: 'Other',
      // publish records (status 0): the gateway did not take the message; the job waits and goes out later
      queueFull: 'Gateway busy, the job waits in its queue',
      brokerError: 'Refused by the MQTT broker, the job waits in its queue',
    },
  },
};
