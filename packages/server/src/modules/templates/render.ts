import receiptline from 'receiptline';
import {
  CHARS_PER_LINE,
  TEMPLATE_COMMANDS,
  TEMPLATE_PARAM_RE,
  type PRINT_LANGUAGES,
  type TemplateCommand,
} from '@herald/contract';

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

/**
 * receiptline copies the printer's command set at the start of every transform (Object.assign
 * into a new object). Its own sets are built by merging ~50 methods into one object, which V8
 * keeps in dictionary mode: that copy took ~19 µs of a ~100 µs receipt, and the copy, a
 * dictionary too, made every command call a dictionary lookup. Copies with fast properties,
 * made once here (receiptline takes a command object as well as a name), copy in ~2 µs and
 * render a receipt ~20 % faster (bench/render.ts), to the same bytes (render.test.ts).
 */
const COMMAND_SETS = Object.fromEntries(
  [...TEMPLATE_COMMANDS, 'svg' as const].map((name) => [name, { ...receiptline.commands[name] }]),
) as Record<TemplateCommand | 'svg', receiptline.BaseCommand>;

const printer = (t: RenderTarget, command: TemplateCommand | 'svg') => ({
  cpl: CHARS_PER_LINE[t.paperWidth],
  encoding: ENCODINGS[t.language ?? 'zh_CN'],
  cutting: t.cut ?? true,
  command: COMMAND_SETS[command],
});

/** Printer commands for filled markup, as bytes. */
export function renderCommands(markup: string, t: RenderTarget): Buffer {
  const out = receiptline.transform(markup, printer(t, t.command ?? 'escpos'));
  // receiptline returns the command stream as a binary string (one char per byte)
  return Buffer.from(out, 'latin1');
}

/** An SVG picture of the receipt, for the console's simulation. */
export function renderSvg(markup: string, t: RenderTarget): string {
  return receiptline.transform(markup, printer(t, 'svg'));
}

/**
 * Can this body be rendered? Fills it with `params` (missing ones empty) and renders the SVG and the
 * command stream; false when a placeholder is malformed or receiptline throws.
 */
export function canRender(body: string, params: Record<string, unknown>, t: RenderTarget): boolean {
  if (malformedPlaceholders(body).length > 0) return false;
  try {
    const { markup } = fill(body, params);
    renderSvg(markup, t);
    renderCommands(markup, t);
    return true;
  } catch {
    return false;
  }
}
