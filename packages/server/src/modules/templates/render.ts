import { CHARS_PER_LINE, TEMPLATE_PARAM_RE, type PRINT_LANGUAGES, type TemplateCommand } from '@herald/contract';
import { transform, type Printer } from './receipt.mjs';

/**
 * Template rendering: a template body is receiptline markup with `{{name}}` placeholders
 * (receiptline itself uses single braces for properties such as `{width:*,8}` and `{code:...}`).
 * Parameter values are escaped, so a caller's text can never inject printer markup: not in a
 * line of text, not as a line of its own (`---` is a rule, `=` a cut), and not inside a property
 * such as `{code:{{url}}}`, where `;` would start a property of its own (`x:` sends raw bytes).
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,31})\s*\}\}/g;

/**
 * What receiptline reads as markup in text, on a line of its own or in a property's value. A
 * backslash escape is not enough: inside a property receiptline drops the escaped character
 * (`a\_b` in a barcode is `ab`); its hex escape (`\x5f`) keeps it in both places.
 */
const SPECIAL = /[\\|{}~_"`^\-=;:]/g;
/** Control characters (line breaks and tabs included) become a space: a value stays on its line. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]+/g;

export function escapeMarkup(value: string): string {
  // normalized first, as receiptline normalizes the whole receipt: U+1FEF becomes a backtick
  return value
    .normalize()
    .replace(CONTROLS, ' ')
    .replace(SPECIAL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
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
    // its own values only: a parameter named `constructor` is not Object's
    const v = Object.hasOwn(params, name) ? params[name] : undefined;
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
