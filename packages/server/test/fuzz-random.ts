/**
 * The fuzzer's randomness: one small seeded generator (mulberry32), so a run is a function of
 * FUZZ_SEED alone. Each request gets a generator of its own, seeded from the run's seed and the
 * request's number, so request #n is the same whatever the answers to the requests before it.
 */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }

  /** mulberry32: 32 bits of state, fast, and good enough to pick test cases */
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** an integer in [lo, hi] */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from nothing');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** an item chosen with probability proportional to its weight */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let x = this.next() * total;
    for (const [item, w] of items) if ((x -= w) < 0) return item;
    return items[items.length - 1]![0];
  }

  /** `n` characters drawn from `alphabet` */
  chars(n: number, alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
}

/** The seed of request `n` of a run (a 32-bit mix of both, so neighbouring requests differ). */
export function requestSeed(runSeed: number, n: number): number {
  let h = (runSeed ^ Math.imul(n + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A string matching a regular expression's source, for the patterns the OpenAPI document uses:
 * anchors, groups with alternatives, character classes with ranges, \d \w \s \xHH escapes and
 * the quantifiers ? * + {n} {n,m} (unbounded ones kept short). Callers check the result with the
 * real RegExp and fall back when this reader met something it does not know.
 */
export function fromPattern(rng: Rng, source: string): string {
  let i = 0;
  const CLASS: Record<string, string> = {
    d: '0123456789',
    w: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_',
    s: ' ',
  };
  const range = (a: string, b: string) => {
    let out = '';
    for (let c = a.charCodeAt(0); c <= b.charCodeAt(0); c++) out += String.fromCharCode(c);
    return out;
  };
  const escape = (): string => {
    const c = source[i++]!;
    if (CLASS[c]) return CLASS[c];
    if (c === 'x') {
      const hex = source.slice(i, i + 2);
      i += 2;
      return String.fromCharCode(parseInt(hex, 16));
    }
    return c;
  };
  const classSet = (): string => {
    let set = '';
    if (source[i] === '^') throw new Error('negated class');
    while (source[i] !== ']') {
      const first = source[i] === '\\' ? (i++, escape()) : source[i++]!;
      if (source[i] === '-' && source[i + 1] !== ']' && first.length === 1) {
        i++;
        const last = source[i] === '\\' ? (i++, escape()) : source[i++]!;
        set += range(first, last);
      } else set += first;
    }
    i++;
    return set;
  };
  const alternatives = (): string => {
    const parts: (() => string)[][] = [[]];
    while (i < source.length && source[i] !== ')') {
      const c = source[i++]!;
      let atom: () => string;
      if (c === '|') {
        parts.push([]);
        continue;
      } else if (c === '^' || c === '$') continue;
      else if (c === '(') {
        if (source.startsWith('?:', i)) i += 2;
        const start = i;
        alternatives(); // read once to find its end; each use reads it again from its start
        i++;
        atom = () => {
          const save = i;
          i = start;
          const s = alternatives();
          i = save;
          return s;
        };
      } else if (c === '[') {
        const set = classSet();
        atom = () => rng.pick([...set]);
      } else if (c === '\\') {
        const e = escape();
        atom = e.length > 1 ? () => rng.pick([...e]) : () => e;
      } else if (c === '.') atom = () => rng.chars(1);
      else atom = () => c;
      let lo = 1;
      let hi = 1;
      const q = source[i];
      if (q === '?') [lo, hi] = [0, 1];
      else if (q === '*') [lo, hi] = [0, 3];
      else if (q === '+') [lo, hi] = [1, 4];
      else if (q === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i))!;
        lo = Number(m[1]);
        hi = m[2] ? (m[3] ? Number(m[3]) : lo + 3) : lo;
        i += m[0].length - 1;
      }
      if (q === '?' || q === '*' || q === '+' || q === '{') i++;
      const n = rng.int(lo, hi);
      parts[parts.length - 1]!.push(() => Array.from({ length: n }, atom).join(''));
    }
    return rng
      .pick(parts)
      .map((p) => p())
      .join('');
  };
  return alternatives();
}
