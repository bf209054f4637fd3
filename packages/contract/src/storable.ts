/**
 * Text PostgreSQL cannot store, found in parsed input: the server's input guard (every request)
 * and the device protocol's parser (every device message) ask the same question here.
 */

/** String.prototype.isWellFormed (Node 20, current browsers; not yet in the TypeScript lib targeted here) */
type WellFormed = string & { isWellFormed(): boolean };

/**
 * Text PostgreSQL can store: no NUL character and no half of a surrogate pair (JSON can write
 * either as an escape, `\u0000` or a lone `\ud800`; a text column refuses the first and a jsonb
 * column both). Whoever stores input checks it first, so one caller's string never fails a
 * statement that carries other callers' rows too.
 */
export const isStorableText = (s: string): boolean => !s.includes('\u0000') && (s as WellFormed).isWellFormed();

/** Parsed JSON, form or query data; raw bodies (Buffers of uploads, streams) are bytes, not text fields. */
function isPlainData(v: unknown): v is Record<string, unknown> {
  if (Array.isArray(v)) return true;
  if (!v || typeof v !== 'object') return false;
  if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return false;
  return typeof (v as { pipe?: unknown }).pipe !== 'function';
}

type Step = { key: string; parent: Step | undefined };
const pathOf = (step: Step | undefined): string => {
  const keys: string[] = [];
  for (let s = step; s; s = s.parent) keys.push(s.key);
  return keys.reverse().join('.');
};

/**
 * Path of the first string (or key) PostgreSQL could not store, or undefined. Iterative, and
 * the path is built only when found: a 1 MB body can nest half a million levels deep.
 */
export function unstorablePath(value: unknown): string | undefined {
  const stack: [unknown, Step | undefined][] = [[value, undefined]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return pathOf(at);
    } else if (isPlainData(v)) {
      for (const [key, child] of Object.entries(v)) {
        const step = { key, parent: at };
        if (!isStorableText(key)) return pathOf(step);
        stack.push([child, step]);
      }
    }
  }
  return undefined;
}
