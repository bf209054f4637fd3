import { Rng, fromPattern } from './fuzz-random';

/**
 * The OpenAPI document as the fuzzer reads it: its operations, and values for their parameters
 * and bodies from their JSON schemas (what @fastify/swagger makes of the contract's zod schemas).
 */

export type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

export type Param = { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: Schema };

export type Operation = {
  /** `METHOD /path/{param}` as in the document */
  key: string;
  method: string;
  path: string;
  params: Param[];
  /** the JSON body's schema, when the operation documents one */
  body?: Schema;
  /** writes without a documented JSON body: an upload of raw bytes */
  upload: boolean;
  /** the 200 answer is documented as JSON (else a file, a CSV, a picture: not an envelope) */
  jsonAnswer: boolean;
  /** the signed open API (security: the four signing headers, not a bearer token) */
  signed: boolean;
  /** checks a password (argon2, ~30 ms a try): asked less often */
  slow: boolean;
};

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
        security?: Record<string, unknown>[];
      }
    >
  >;
};

const mentionsPassword = (s: Schema | undefined): boolean =>
  !!s && Object.entries(s.properties ?? {}).some(([k, v]) => /password/i.test(k) || mentionsPassword(v));

export function operationsOf(doc: Doc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      const params = (op.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header')
        .map((p) => ({ name: p.name, in: p.in as Param['in'], required: !!p.required, schema: p.schema ?? {} }));
      const body = op.requestBody?.content?.['application/json']?.schema;
      const signed = (op.security ?? []).some((s) => 'heraldSignature' in s);
      ops.push({
        key: `${method} ${path}`,
        method,
        path,
        params,
        body,
        upload: !body && (method === 'POST' || method === 'PUT'),
        jsonAnswer: !!op.responses?.['200']?.content?.['application/json'],
        signed,
        slow: mentionsPassword(body) || params.some((p) => /password/i.test(p.name)),
      });
    }
  }
  return ops;
}

// ── values ────────────────────────────────────────────────────────────────

/**
 * What the fuzzer knows of the seeded database: ids of objects, strings that name real things by
 * field name, and for a path parameter (by the path up to it, `/v1/devices/{id}`) the ids the
 * operation's list (`GET /v1/devices`) showed the fuzzing identities.
 */
export type Pools = { ids: number[]; strings: Record<string, string[]>; paths: Record<string, (number | string)[]> };

/** JSON text the fuzzer writes as it is: numbers JSON.stringify cannot (NaN, 1e999, -0), duplicate keys */
export class RawJson {
  constructor(readonly text: string) {}
}

export function toJson(v: unknown): string {
  if (v instanceof RawJson) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${x === undefined ? 'null' : toJson(x)}`)
      .join(',')}}`;
  return v === undefined ? 'null' : JSON.stringify(v);
}

const branches = (s: Schema): Schema[] | undefined => s.anyOf ?? s.oneOf ?? s.allOf;

/** The schema a value of `s` takes (a branch of anyOf/oneOf picked at random). */
export const resolve = (rng: Rng, s: Schema): Schema => {
  const b = branches(s);
  return b?.length ? resolve(rng, rng.pick(b)) : s;
};

const isIdName = (name: string) => /^(id|ids)$|Ids?$/.test(name);

function bounds(s: Schema): [number, number] {
  let lo = s.minimum ?? -1_000_000;
  let hi = s.maximum ?? 1_000_000;
  if (s.exclusiveMinimum === true) lo += s.type === 'integer' ? 1 : 1e-6;
  else if (typeof s.exclusiveMinimum === 'number') lo = s.exclusiveMinimum + (s.type === 'integer' ? 1 : 1e-6);
  if (s.exclusiveMaximum === true) hi -= s.type === 'integer' ? 1 : 1e-6;
  else if (typeof s.exclusiveMaximum === 'number') hi = s.exclusiveMaximum - (s.type === 'integer' ? 1 : 1e-6);
  return [lo, hi];
}

/** Receipt markup (receiptline) a template or a print's content may carry: rendered by the server. */
export const RECEIPT_MARKUP = [
  '{code:https://example.com; option:qrcode,8,L}\n',
  '{code:1234567890128; option:ean,hri}\n',
  '^^^Big^^^\n|Item | 12.50|\n---\n',
  '{width:*,10}\n|left|right|\n',
  '{image:iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==}\n',
  '=\n~\n_underline_ "emph" `invert`\n',
  '{amount}\n{missing_param}\n{{}}\n',
];

/** Strings that make sense for a field of this name (tried before made-up ones when they fit). */
function namedStrings(name: string, pools: Pools): string[] {
  const known = pools.strings[name] ?? [];
  const n = name.toLowerCase();
  if (n.includes('password')) return [...known, 'Fuzz@12345x'];
  if (n.includes('email')) return [...known, 'fuzz.target@example.com'];
  if (n.includes('redirect')) return ['http://localhost:8080/callback'];
  if (n.includes('url')) return ['https://hooks.example.com/fuzz'];
  if (/^(from|to)$|from$|to$|at$|date|birthday/.test(n)) return ['2026-11-29', '2026-11-29T08:00:00.000Z'];
  if (n.includes('timezone')) return ['Asia/Shanghai', 'UTC'];
  if (n.includes('version')) return ['1.00.00.01', '1.0.0'];
  if (n === 'body' || n.includes('content') || n.includes('markup'))
    return ['Hello {name}\n', 'Paid 12.50', ...RECEIPT_MARKUP];
  if (n === 'amount') return ['12.50', '0.01', '100'];
  return known;
}

/** Does `v` satisfy the string constraints of `s`? */
const fitsString = (s: Schema, v: string) =>
  v.length >= (s.minLength ?? 0) &&
  v.length <= (s.maxLength ?? Infinity) &&
  (!s.pattern || new RegExp(s.pattern, 'u').test(v)) &&
  (!s.enum || s.enum.includes(v));

function validString(rng: Rng, s: Schema, name: string, pools: Pools): string {
  const named = namedStrings(name, pools).filter((v) => fitsString(s, v));
  if (named.length && rng.chance(0.8)) return rng.pick(named);
  if (s.pattern) {
    for (let i = 0; i < 5; i++) {
      try {
        const v = fromPattern(rng, s.pattern);
        if (fitsString(s, v)) return v;
      } catch {
        break; // a pattern this reader does not know
      }
    }
  }
  const lo = s.minLength ?? 1;
  const hi = Math.min(s.maxLength ?? lo + 16, lo + 16);
  return rng.chars(rng.int(lo, Math.max(lo, hi)));
}

/** A value the schema takes, mostly; `name` is the field's (ids come from the pools). */
export function validValue(rng: Rng, schema: Schema, name: string, pools: Pools, depth = 0): unknown {
  const s = resolve(rng, schema);
  if (s.enum?.length) return rng.pick(s.enum);
  if (s.nullable && rng.chance(0.05)) return null;
  switch (s.type) {
    case 'string':
      return validString(rng, s, name, pools);
    case 'integer':
    case 'number': {
      const [lo, hi] = bounds(s);
      if (isIdName(name) && pools.ids.length && rng.chance(0.85)) {
        const fit = pools.ids.filter((id) => id >= lo && id <= hi);
        if (fit.length) return rng.pick(fit);
      }
      const span = Math.min(hi, Math.max(lo, 0) + 100);
      const v = rng.chance(0.15) ? rng.pick([lo, hi]) : lo + rng.next() * (span - lo);
      return s.type === 'integer' ? Math.round(Math.min(hi, Math.max(lo, v))) : v;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'array': {
      const lo = s.minItems ?? 0;
      const hi = Math.min(s.maxItems ?? lo + 3, lo + 3);
      const item = name.replace(/s$/, '');
      return Array.from({ length: rng.int(lo, hi) }, () => validValue(rng, s.items ?? {}, item, pools, depth + 1));
    }
    case 'object':
    case undefined: {
      if (!s.properties) {
        // a map: a few keys, each value of the map's schema
        if (typeof s.additionalProperties === 'object') {
          const map: Record<string, unknown> = {};
          for (let i = rng.int(0, 3); i > 0; i--)
            map[rng.pick(['amount', 'name', 'orderNo', rng.chars(5)])] = validValue(
              rng,
              s.additionalProperties,
              'value',
              pools,
              depth + 1,
            );
          return map;
        }
        return s.type === 'object' ? {} : rng.chars(4);
      }
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [k, v] of Object.entries(s.properties)) {
        if (required.has(k) || (depth < 4 && rng.chance(0.6))) out[k] = validValue(rng, v, k, pools, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

/** The text of a query or path value (what a browser would put in the URL). */
export const asText = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
