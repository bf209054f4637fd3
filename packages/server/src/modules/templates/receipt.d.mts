/** See receipt.mjs. */
export type Printer = {
  /** characters per line */
  cpl: number;
  encoding: string;
  cutting: boolean;
  /** a receiptline command set by name: escpos, starmbcs, starsbcs, svg, … */
  command: string;
};

/**
 * `commands`: the printer's command stream, base64. `preview`: renders the command stream (its
 * size is checked) and returns the SVG picture at the same width.
 */
export type RenderTask = { op: 'commands' | 'preview'; markup: string; printer: Printer; maxBytes: number };

/** `markup`: receiptline refused it; `tooLarge`: over maxBytes of commands (or, from the pool, over time). */
export type RenderOutcome = { ok: string; error?: undefined } | { ok?: undefined; error: 'markup' | 'tooLarge' };

export function transform(markup: string, printer: Printer): string;
export function runTask(task: RenderTask): RenderOutcome;
