import { cellRowSchema, type CellRow } from '@herald/contract';

/**
 * The cell table's CSV files, read in the browser before the rows are sent: OpenCellID's export
 * or Herald's own columns, told apart by the header row (OpenCellID's per-country downloads have
 * none: their first row is recognised by its shape). A bad row is skipped and reported by its
 * line so that one typo in a file of a million cells does not hold the rest back.
 */

type Column = keyof CellRow;

/** Herald's own columns, in the order the sample file writes them. */
export const HERALD_COLUMNS = ['mcc', 'mnc', 'lac', 'cid', 'lat', 'lng', 'range'] as const satisfies Column[];

/** Which column of the file holds each field. */
const FORMATS = {
  herald: { mcc: 'mcc', mnc: 'mnc', lac: 'lac', cid: 'cid', lat: 'lat', lng: 'lng', range: 'range' },
  openCellId: { mcc: 'mcc', mnc: 'net', lac: 'area', cid: 'cell', lat: 'lat', lng: 'lon', range: 'range' },
} as const satisfies Record<string, Record<Column, string>>;

/** OpenCellID's columns, always in this order (the per-country downloads rely on it: they have no header). */
export const OPENCELLID_COLUMNS = [
  'radio',
  'mcc',
  'net',
  'area',
  'cell',
  'unit',
  'lon',
  'lat',
  'range',
  'samples',
  'changeable',
  'created',
  'updated',
  'averageSignal',
] as const;
const RADIO_TYPES = new Set(['gsm', 'umts', 'lte', 'nr', 'cdma']);

export type CellCsvFormat = keyof typeof FORMATS;

/** How each format's header line starts, to tell an operator what a refused file should look like. */
export const CELL_CSV_HEADERS: Record<CellCsvFormat, string> = {
  herald: HERALD_COLUMNS.join(','),
  openCellId: 'radio,mcc,net,area,cell,unit,lon,lat,range,…',
};

/** OpenCellID writes range 0 for a cell it has too few samples of; the server needs at least 1 m. */
export const OPENCELLID_UNKNOWN_RANGE = 1000;
/**
 * The largest range the server takes. OpenCellID estimates some cells at tens of kilometres more:
 * such a cell still places a device roughly, so its range is cut to this rather than the row lost.
 */
export const CELL_RANGE_MAX = cellRowSchema.shape.range.maxValue ?? 100_000;

export type SkippedLine =
  | { line: number; problem: 'columns'; expected: number; found: number }
  /** `message` is the contract's validation key (validation.number, validation.format, …) */
  | { line: number; problem: 'value'; column: string; message: string };

export type CellCsv =
  { ok: false } | { ok: true; format: CellCsvFormat; rows: CellRow[]; skipped: number; firstSkipped: SkippedLine[] };

function cellText(field: string): string {
  const text = field.trim();
  return text.length > 1 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}

/**
 * The first `count` fields of a line. OpenCellID lines carry seven columns after the last one we
 * read; splitting them too made reading a 200 MB file a third slower (garbage collection).
 */
function leadingFields(line: string, count: number): string[] {
  const fields: string[] = [];
  let from = 0;
  while (fields.length < count) {
    const comma = line.indexOf(',', from);
    fields.push(line.slice(from, comma < 0 ? line.length : comma));
    if (comma < 0) break;
    from = comma + 1;
  }
  return fields;
}

/** Number('') is 0: an empty field must read as missing, not as zero. */
function numberAt(fields: string[], at: number): number {
  const text = cellText(fields[at]!);
  return text === '' ? NaN : Number(text);
}

type Layout = { format: CellCsvFormat; index: Record<Column, number>; needed: number };

/** The layout a header row names, or undefined when it names neither format's columns. */
function fromHeader(header: string[]): Layout | undefined {
  const names = header.map((h) => h.toLowerCase());
  for (const format of Object.keys(FORMATS) as CellCsvFormat[]) {
    const columns = FORMATS[format];
    const index = Object.fromEntries(HERALD_COLUMNS.map((c) => [c, names.indexOf(columns[c])])) as Record<
      Column,
      number
    >;
    const at = Object.values(index);
    if (at.every((i) => i >= 0)) return { format, index, needed: Math.max(...at) + 1 };
  }
  return undefined;
}

/** OpenCellID's layout when the first line is already a cell: all its columns, led by a radio type. */
function headerless(first: string[]): Layout | undefined {
  if (first.length !== OPENCELLID_COLUMNS.length || !RADIO_TYPES.has(first[0]!.toLowerCase())) return undefined;
  return fromHeader([...OPENCELLID_COLUMNS]);
}

/**
 * Reads a cell CSV as it arrives, a chunk of text at a time (a line may straddle two chunks): the
 * first non-blank line must name the columns of one of the two formats, or be an OpenCellID row
 * (a file without a header). Keeps every good row, counts the skipped ones and describes the first
 * `keep` of them.
 */
/** Longer than any line of a cell table. */
const MAX_LINE = 64 * 1024;

export class CellCsvReader {
  private layout: Layout | undefined;
  private refused = false;
  private rest = '';
  private line = 0;
  private readonly rows: CellRow[] = [];
  private readonly firstSkipped: SkippedLine[] = [];
  private skipped = 0;

  constructor(private readonly keep = 5) {}

  /** False once the header is refused: the rest of the file need not be read. */
  push(chunk: string): boolean {
    if (this.refused) return false;
    const text = this.line === 0 && this.rest === '' && chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk;
    // a line may end in \n, \r\n or \r alone (old Mac exports); a \r at the chunk's end may be half of \r\n
    const all = this.rest + text;
    let start = 0;
    for (const m of all.matchAll(/\r\n|\r(?!$)|\n/g)) {
      this.read(all.slice(start, m.index));
      start = m.index + m[0].length;
    }
    this.rest = all.slice(start);
    // no line ends in sight after this much: not a CSV of cells (and scanning it again and again would crawl)
    if (this.rest.length > MAX_LINE) {
      if (!this.layout) this.refused = true;
      else this.rest = '';
    }
    return !this.refused;
  }

  end(): CellCsv {
    if (this.rest) this.read(this.rest);
    this.rest = '';
    const { layout, rows, skipped, firstSkipped } = this;
    return layout && !this.refused ? { ok: true, format: layout.format, rows, skipped, firstSkipped } : { ok: false };
  }

  private read(raw: string): void {
    this.line += 1;
    if (this.refused || !raw.trim()) return;
    if (this.layout) return this.readCell(raw, this.layout);
    const first = raw.split(',').map(cellText);
    this.layout = fromHeader(first);
    if (this.layout) return;
    this.layout = headerless(first);
    this.refused = !this.layout;
    // a headerless file's first line is a cell like the others
    if (this.layout) this.readCell(raw, this.layout);
  }

  private readCell(raw: string, { format, index, needed }: Layout): void {
    const fields = leadingFields(raw, needed);
    if (fields.length < needed) {
      this.skip({ line: this.line, problem: 'columns', expected: needed, found: fields.length });
      return;
    }
    const cell: CellRow = {
      mcc: numberAt(fields, index.mcc),
      mnc: numberAt(fields, index.mnc),
      lac: numberAt(fields, index.lac),
      cid: numberAt(fields, index.cid),
      lat: numberAt(fields, index.lat),
      lng: numberAt(fields, index.lng),
      range: numberAt(fields, index.range),
    };
    if (format === 'openCellId') cell.range = openCellIdRange(cell.range);
    const checked = cellRowSchema.safeParse(cell);
    if (checked.success) {
      this.rows.push(cell);
      return;
    }
    const issue = checked.error.issues[0]!;
    this.skip({
      line: this.line,
      problem: 'value',
      column: FORMATS[format][issue.path[0] as Column],
      message: issue.message,
    });
  }

  private skip(s: SkippedLine): void {
    this.skipped += 1;
    if (this.firstSkipped.length < this.keep) this.firstSkipped.push(s);
  }
}

/** OpenCellID's range as the server takes it: 0 (unknown) made a default, above the maximum cut to it. */
function openCellIdRange(range: number): number {
  if (range === 0) return OPENCELLID_UNKNOWN_RANGE;
  return range > CELL_RANGE_MAX ? CELL_RANGE_MAX : range;
}

/** A whole CSV text at once. */
export function parseCellCsv(text: string, keep?: number): CellCsv {
  const reader = new CellCsvReader(keep);
  reader.push(text);
  return reader.end();
}

/** Rows in Herald's own format (the sample file). */
export const toCellCsv = (rows: CellRow[]) =>
  [HERALD_COLUMNS.join(','), ...rows.map((r) => HERALD_COLUMNS.map((c) => r[c]).join(','))].join('\n') + '\n';
