/**
 * What a receipt printer would put on paper, as text: walks an ESC/POS command stream (the
 * command set receiptline emits), skips every command with its parameters and images, and
 * decodes the text between them — double-byte text (after FS &) with the print language's
 * encoding, single-byte text as ASCII (box-drawing bytes of rules become '-' and '|').
 */

/** Printer encodings by print language, as receiptline renders them (render.ts ENCODINGS). */
export const PRINT_ENCODINGS: Record<string, string> = {
  zh_CN: 'gb18030',
  zh_TW: 'big5',
  ko: 'euc-kr',
  ja: 'shift_jis',
  en: 'ascii',
};

/** ESC commands with a fixed number of parameter bytes after the command letter. */
const ESC_PARAMS: Record<string, number> = {
  '@': 0,
  '2': 0,
  '<': 0,
  a: 1,
  '!': 1,
  E: 1,
  G: 1,
  '-': 1,
  M: 1,
  ' ': 1,
  '3': 1,
  '{': 1,
  t: 1,
  R: 1,
  J: 1,
  d: 1,
  V: 1,
  c: 2, // ESC c 3 n / ESC c 4 n / ESC c 5 n: one sub-letter and one value
  $: 2,
  '\\': 2,
  p: 3,
  '=': 1,
  U: 1,
  r: 1,
  S: 0,
  L: 0,
  T: 1,
  W: 8,
};

/** GS commands with a fixed number of parameter bytes. */
const GS_PARAMS: Record<string, number> = {
  '!': 1,
  a: 1,
  B: 1,
  L: 2,
  W: 2,
  r: 1,
  w: 1,
  h: 1,
  H: 1,
  f: 1,
  b: 1,
  $: 2,
  '\\': 2,
  P: 2,
  I: 1,
  ':': 0,
};

/** FS commands with a fixed number of parameter bytes. */
const FS_PARAMS: Record<string, number> = {
  '&': 0,
  '.': 0,
  C: 1,
  '-': 1,
  '!': 1,
  W: 1,
  S: 2,
  p: 2,
};

const BOX: Record<number, string> = { 0x95: '-', 0x96: '|' };

/** receiptline positions in dots of 12 per character column. */
const DOTS_PER_COLUMN = 12;
const isWide = (ch: string) => (ch.codePointAt(0) ?? 0) >= 0x2e80;

export function decodeEscPos(data: Uint8Array, encoding = 'gb18030'): string {
  const bytes = Buffer.from(data);
  const lines: string[] = [];
  /** the current line as columns; positioning commands move the cursor over it */
  let cells: string[] = [];
  let cursor = 0;
  let margin = 0;
  let scale = 1;
  let run: number[] = [];
  let kanji = false;
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(encoding);
  } catch {
    decoder = new TextDecoder('utf-8');
  }

  const put = (ch: string) => {
    const w = (isWide(ch) ? 2 : 1) * scale;
    while (cells.length < cursor) cells.push(' ');
    cells[cursor] = ch;
    for (let k = 1; k < w; k++) cells[cursor + k] = '';
    cursor += w;
  };
  const flush = () => {
    if (run.length === 0) return;
    if (kanji) {
      for (const ch of decoder.decode(Uint8Array.from(run))) put(ch);
    } else {
      for (const b of run) put(b < 0x80 ? String.fromCharCode(b) : (BOX[b] ?? '+'));
    }
    run = [];
  };
  const newline = () => {
    flush();
    lines.push(cells.map((c) => c ?? ' ').join(''));
    cells = [];
    cursor = margin;
  };
  const u16 = (i: number) => (bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8);
  const s16 = (i: number) => (u16(i) << 16) >> 16;

  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === 0x0a) {
      newline();
      i++;
      continue;
    }
    if (b === 0x0d || b === 0x00 || b === 0x09) {
      // CR, NUL (receiptline's tis620 spacer) and HT print nothing of their own
      if (b === 0x09) run.push(0x20);
      i++;
      continue;
    }
    if (b === 0x1b) {
      flush();
      const c = String.fromCharCode(bytes[i + 1] ?? 0);
      if (c === '*') {
        // ESC * m nL nH d1…dk: bit image, k = n (8-dot) or 3n (24-dot)
        const m = bytes[i + 2] ?? 0;
        i += 5 + u16(i + 3) * (m >= 32 ? 3 : 1);
        continue;
      }
      if (c === '$') cursor = margin + Math.round(u16(i + 2) / DOTS_PER_COLUMN);
      if (c === '\\') cursor = Math.max(0, cursor + Math.round(s16(i + 2) / DOTS_PER_COLUMN));
      i += 2 + (ESC_PARAMS[c] ?? 0);
      continue;
    }
    if (b === 0x1d) {
      flush();
      const c = String.fromCharCode(bytes[i + 1] ?? 0);
      if (c === '(') {
        // GS ( X pL pH d1…dk
        i += 5 + u16(i + 3);
        continue;
      }
      if (c === '8' && bytes[i + 2] === 0x4c) {
        // GS 8 L p1 p2 p3 p4 d1…dk (raster graphics, 32-bit length)
        i += 7 + (bytes.readUInt32LE(i + 3) || 0);
        continue;
      }
      if (c === 'v' && bytes[i + 2] === 0x30) {
        // GS v 0 m xL xH yL yH d1…dk, k = x * y
        i += 8 + u16(i + 4) * u16(i + 6);
        continue;
      }
      if (c === 'V') {
        // GS V m [n]: function B (65, 66, 'A', 'B') carries a feed amount
        i += (bytes[i + 2] ?? 0) >= 65 ? 4 : 3;
        continue;
      }
      if (c === 'k') {
        // GS k m …: format A (m 0–6) ends with NUL; format B (m 65–79) has a length byte
        const m = bytes[i + 2] ?? 0;
        if (m <= 6) {
          let j = i + 3;
          while (j < bytes.length && bytes[j] !== 0) j++;
          i = j + 1;
        } else {
          i += 4 + (bytes[i + 3] ?? 0);
        }
        continue;
      }
      if (c === '!') scale = (((bytes[i + 2] ?? 0) >> 4) & 7) + 1;
      if (c === 'L') margin = Math.round(u16(i + 2) / DOTS_PER_COLUMN);
      i += 2 + (GS_PARAMS[c] ?? 0);
      continue;
    }
    if (b === 0x1c) {
      flush();
      const c = String.fromCharCode(bytes[i + 1] ?? 0);
      if (c === '&') kanji = true;
      if (c === '.') kanji = false;
      if (c === '(') {
        // FS ( X pL pH d1…dk
        i += 5 + u16(i + 3);
        continue;
      }
      i += 2 + (FS_PARAMS[c] ?? 0);
      continue;
    }
    if (b === 0x10) {
      // DLE EOT n / DLE ENQ n / DLE DC4 …: real-time commands
      flush();
      i += bytes[i + 1] === 0x14 ? 5 : 3;
      continue;
    }
    run.push(b);
    i++;
  }
  flush();
  if (cells.length > 0) lines.push(cells.join(''));
  return lines.join('\n');
}

/** The receipt as lines, trailing spaces and empty trailing lines removed. */
export function receiptLines(text: string): string[] {
  const lines = text.split('\n').map((l) => l.replace(/\s+$/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
