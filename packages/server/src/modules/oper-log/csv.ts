/**
 * CSV for spreadsheets. Every field is quoted; a field a spreadsheet would read as a formula
 * (starting with = + - @, tab or carriage return) gets a leading apostrophe so it stays text.
 */
export function csvField(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replaceAll('"', '""')}"`;
}

/** Rows joined with CRLF (RFC 4180), preceded by a UTF-8 byte-order mark so Excel reads Chinese. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
