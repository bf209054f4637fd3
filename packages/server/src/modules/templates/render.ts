import { CHARS_PER_LINE, TEMPLATE_PARAM_RE, type PRINT_LANGUAGES, type TemplateCommand } from '@herald/contract';
import { transform, type Printer } from './receipt.mjs';

/**
 * Template rendering: a template body is receiptline markup with `{{name}}` placeholders
 * (receiptline itself uses single braces for properties such as `{width:*,8}` and `{code:...}`).
 * Parameter values are escaped, so a caller's text can never inject printer markup.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,31})\s*\}\}/g;

/** receiptline's special characters, escaped with a backslash inside parameter values. */
const SPECIAL = /[\\|{}~_"`^]/g;

export function escapeMarkup(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').replace(SPECIAL, (c) => `\\${c}`);
}

/** The placeholder names a body uses, in order of first use. */
export function placeholders(body: string): string[] {
  const seen = new Set<string>();
  for (const m of body.matchAll(PLACEHOLDER)) seen.add(m[1]!);
  return [...seen];
}

export const isParamName = (s: string) => TEMPLATE_PARAM_RE.test(s);

/** Double-brace blocks that are not valid placeholders (e.g. `{{order-no}}`): they would print literally. */
export function malformedPlaceholders(body: string): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(/\{\{([^{}]*)\}\}/g)) {
    if (!/^\s*[A-Za-z_][A-Za-z0-9_]{0,31}\s*$/.test(m[1]!)) out.push(m[0]);
  }
  return out;
}

/** Fill the placeholders; returns the names that had no value (filled with ''). */
export function fill(body: string, params: Record<string, unknown>): { markup: string; missing: string[] } {
  const missing: string[] = [];
  const markup = body.replace(PLACEHOLDER, (_, name: string) => {
    const v = params[name];
    if (v === undefined || v === null) {
      if (!missing.includes(name)) missing.push(name);
      return '';
    }
    return escapeMarkup(typeof v === 'string' ? v : String(v));
  });
  return { markup, missing };
}

export type RenderTarget = {
  paperWidth: 58 | 80;
  /** the device's print language picks the printer's character encoding (default simplified Chinese) */
  language?: (typeof PRINT_LANGUAGES)[number];
  command?: TemplateCommand;
  cut?: boolean;
};

/** Printer character encodings by print language (CJK printers take double-byte encodings). */
const ENCODINGS = { zh_CN: 'gb18030', zh_TW: 'big5', ko: 'ksc5601', ja: 'shiftjis', en: 'cp437' } as const;
export const PRINTER_ENCODINGS: readonly string[] = Object.values(ENCODINGS);

/** receiptline's printer settings for a target: commands for the device, or an SVG picture of the receipt. */
export const printerOf = (t: RenderTarget, command: TemplateCommand | 'svg' = t.command ?? 'escpos'): Printer => ({
  cpl: CHARS_PER_LINE[t.paperWidth],
  encoding: ENCODINGS[t.language ?? 'zh_CN'],
  cutting: t.cut ?? true,
  command,
});

/**
 * Printer commands for filled markup, as bytes, rendered here and now. The server renders on its
 * rendering threads (render-pool.ts); this is for tests and benches of the same transform.
 */
export function renderCommands(markup: string, t: RenderTarget): Buffer {
  // receiptline returns the command stream as a binary string (one char per byte)
  return Buffer.from(transform(markup, printerOf(t)), 'latin1');
}

/** An SVG picture of the receipt, rendered here and now (see renderCommands). */
export function renderSvg(markup: string, t: RenderTarget): string {
  return transform(markup, printerOf(t, 'svg'));
}
