/** What bench/push.ts hands each device process (JSON in BENCH_PUSH_WORKER) and what they report. */
export type PushWorkerParams = {
  mqttUrl: string;
  /** device numbers first .. first+count-1 (S/N and secret as in connections-shared) */
  first: number;
  count: number;
  batch: number;
  batchTimeoutMs: number;
  runKey: string;
};

/** [job id, wall-clock ms with sub-ms precision] */
export type Stamp = [string, number];

export type PushWorkerReport =
  /** drops: connections this process's devices lost so far (each reconnects) */
  | { type: 'progress'; online: number; started: number; drops: number }
  | { type: 'ramped' }
  /** jobs that reached a device, and jobs whose final result the device has sent */
  | { type: 'jobs'; arrived: Stamp[]; finished: Stamp[] };

/**
 * Wall-clock time with sub-millisecond precision, comparable across the bench's processes on one
 * machine (each process's timeOrigin is taken from the same system clock).
 */
export const now = () => performance.timeOrigin + performance.now();

/**
 * A small till receipt in receiptline markup; Herald renders it to ESC/POS for each job
 * (bench/push.ts, with the job's number for `{{n}}`; bench/render.ts renders the same).
 */
export const RECEIPT = [
  '^^^BENCH SHOP',
  '',
  'Order|#{{n}}',
  '---',
  'Coffee | 2.50',
  'Croissant | 1.80',
  '---',
  '^TOTAL | ^4.30',
  '',
  '"Thank you!',
].join('\n');

/** The same receipt with a QR code of the order (`--qr`): what many shops print, and ~5× the rendering. */
export const RECEIPT_QR = `${RECEIPT}\n{code:https://shop.example/o/{{n}}; option:qrcode,4,m}`;
