/**
 * Print a receipt through Herald's open API and follow it to its final status.
 *
 *   npm run example -w packages/sdk -- --url http://127.0.0.1:8080 --key K --secret=S --sn SN \
 *     [--template ID] [--text "Hello"] [--param name=value ...] [--copies N]
 *
 * Without --template the receipt is receiptline markup built here from --text; with it, the
 * template is rendered by Herald with --param values (and `text` = --text).
 */
import { parseArgs } from 'node:util';
import { HeraldApiError, HeraldClient, HeraldNetworkError, JobStatus, type PrintInput } from '../src/index';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:8080' },
    key: { type: 'string' },
    secret: { type: 'string' },
    sn: { type: 'string' },
    template: { type: 'string' },
    text: { type: 'string', default: 'Hello from the Herald SDK' },
    param: { type: 'string', multiple: true, default: [] },
    copies: { type: 'string' },
    order: { type: 'string' },
    'timeout-s': { type: 'string', default: '60' },
  },
});

const statusName: Record<number, string> = Object.fromEntries(Object.entries(JobStatus).map(([k, v]) => [v, k]));

/** A small receipt in receiptline markup (https://github.com/receiptline/receiptline). */
function receipt(text: string): string {
  const esc = (s: string) => s.replace(/[\\|{}~_"`^]/g, (c) => `\\${c}`);
  return [
    '^^^HERALD',
    '',
    `${new Date().toISOString().slice(0, 19).replace('T', ' ')}|`,
    '---',
    esc(text),
    '---',
    '"Thank you!',
    '',
  ].join('\n');
}

async function main() {
  if (!args.key || !args.secret || !args.sn) {
    console.error('usage: --url URL --key APPKEY --secret=SECRET --sn SN [--template ID] [--text ...]');
    process.exit(2);
  }
  const client = new HeraldClient({ baseUrl: args.url!, appKey: args.key, secret: args.secret });
  // an order id makes the call safe to retry after a network error (Herald accepts it once)
  const orderId = args.order ?? `sdk-example-${Date.now()}`;
  const params: Record<string, string> = { text: args.text! };
  for (const p of args.param!) {
    const i = p.indexOf('=');
    if (i > 0) params[p.slice(0, i)] = p.slice(i + 1);
  }
  const request: PrintInput = args.template
    ? { sn: args.sn, templateId: Number(args.template), params, orderId }
    : { sn: args.sn, content: receipt(args.text!), orderId };
  if (args.copies) request.copies = Number(args.copies);

  const accepted = await client.print(request);
  console.log(`accepted: job ${accepted.jobId}, message ${accepted.msgId}, order ${orderId}`);
  let last = -1;
  const job = await client.waitForFinal(
    { orderId },
    {
      timeoutMs: Number(args['timeout-s']) * 1000,
      intervalMs: 250, // a demo: show each status as it comes
      onStatus: (j) => {
        if (j.status === last) return;
        last = j.status;
        console.log(`status ${j.status} (${statusName[j.status] ?? '?'})`);
      },
    },
  );
  const latency = job.latencyMs !== null ? `, request → device ack ${job.latencyMs} ms` : '';
  console.log(
    `final: status ${job.status} (${statusName[job.status]})${job.reason ? `, reason ${job.reason}` : ''}${latency}`,
  );
  process.exit(job.status === JobStatus.SUCCESS ? 0 : 1);
}

main().catch((err: unknown) => {
  if (err instanceof HeraldApiError) {
    console.error(`Herald refused: ${err.code} ${err.message} (HTTP ${err.httpStatus})`);
    if (err.data) console.error(JSON.stringify(err.data));
  } else if (err instanceof HeraldNetworkError) {
    console.error(`no answer from Herald: ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
