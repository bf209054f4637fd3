/**
 * Receipt rendering on its own: what the server does for every print job (fill a template's
 * placeholders, render the markup into the device's printer commands with receiptline), next to
 * receiptline called with the command set's name, the baseline, in the same run. Rounds of the
 * two alternate, so a change in the machine's speed during the run touches both alike.
 *
 *   npx tsx bench/render.ts [--receipts 20000] [--rounds 6]      (npm run bench:render -- ...)
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import receiptline from 'receiptline';
import { CHARS_PER_LINE } from '@herald/contract';
import { fill, renderCommands } from '../packages/server/src/modules/templates/render';
import { RECEIPT } from './push-shared';

const { values: args } = parseArgs({
  options: {
    receipts: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '6' },
  },
});
const N = Number(args.receipts);
const ROUNDS = Number(args.rounds);

type Way = { name: string; render: (i: number) => number };
const ways: Way[] = [
  {
    name: 'receiptline by name (baseline)',
    render: (i) =>
      Buffer.from(
        receiptline.transform(fill(RECEIPT, { n: i }).markup, {
          cpl: CHARS_PER_LINE[58],
          encoding: 'gb18030',
          cutting: true,
          command: 'escpos',
        }),
        'latin1',
      ).length,
  },
  {
    name: 'Herald (templates/render.ts)',
    render: (i) =>
      renderCommands(fill(RECEIPT, { n: i }).markup, { paperWidth: 58, language: 'zh_CN', command: 'escpos' }).length,
  },
];

const perReceipt = new Map<string, number[]>(ways.map((w) => [w.name, []]));
let bytes = 0;
for (let round = 0; round <= ROUNDS; round++) {
  for (const way of ways) {
    const t = performance.now();
    for (let i = 0; i < N; i++) bytes += way.render(i);
    // round 0 warms the JIT up and is not counted
    if (round > 0) perReceipt.get(way.name)!.push(((performance.now() - t) / N) * 1000);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `render: ${N} receipts × ${ROUNDS} rounds each way, 58 mm, ESC/POS, GB 18030; ${os.cpus().length} cpus, ` +
    `node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${bytes} bytes rendered)`,
);
for (const way of ways) {
  const xs = perReceipt.get(way.name)!;
  console.log(
    `  ${way.name.padEnd(32)} median ${median(xs).toFixed(1).padStart(6)} µs/receipt  (rounds: ${xs.map((x) => x.toFixed(0)).join(', ')})`,
  );
}
const [base, ours] = ways.map((w) => median(perReceipt.get(w.name)!));
console.log(`  Herald / baseline: ${(ours! / base!).toFixed(2)}`);
