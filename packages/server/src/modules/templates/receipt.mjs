// @ts-check
/**
 * receiptline's transform with Herald's copies of the printer command sets; shared by the
 * rendering threads (receipt-thread.mjs) and the in-process helpers of render.ts.
 *
 * receiptline copies the printer's command set at the start of every transform (Object.assign
 * into a new object). Its own sets are built by merging ~50 methods into one object, which V8
 * keeps in dictionary mode: that copy took ~19 µs of a ~100 µs receipt, and the copy, a
 * dictionary too, made every command call a dictionary lookup. Copies with fast properties,
 * made once here (receiptline takes a command object as well as a name), copy in ~2 µs and
 * render a receipt ~20 % faster (bench/render.ts), to the same bytes (render.test.ts).
 *
 * Plain JavaScript on purpose: a worker thread does not inherit the TypeScript loader in every
 * runner (tsx, vitest), and this file needs nothing but receiptline.
 */
import receiptline from 'receiptline';

const SETS = Object.fromEntries(Object.entries(receiptline.commands).map(([name, set]) => [name, { ...set }]));

/**
 * @param {string} markup
 * @param {import('./receipt.d.mts').Printer} printer
 * @returns {string} the command stream as a binary string (one char per byte), or the SVG
 */
export function transform(markup, printer) {
  const command = SETS[printer.command];
  if (!command) throw new Error(`unknown command set ${printer.command}`);
  return receiptline.transform(markup, { ...printer, command });
}

/**
 * One rendering task, as the threads run it.
 * @param {import('./receipt.d.mts').RenderTask} task
 * @returns {import('./receipt.d.mts').RenderOutcome}
 */
export function runTask(task) {
  let bytes;
  try {
    bytes = transform(task.markup, task.printer);
  } catch {
    return { error: 'markup' };
  }
  if (bytes.length > task.maxBytes) return { error: 'tooLarge' };
  if (task.op === 'commands') return { ok: Buffer.from(bytes, 'latin1').toString('base64') };
  try {
    return { ok: transform(task.markup, { ...task.printer, command: 'svg' }) };
  } catch {
    return { error: 'markup' };
  }
}
