import { RAW_KINDS, type RawKind } from './fuzz-http';
import { Rng, requestSeed } from './fuzz-random';
import {
  RECEIPT_MARKUP,
  RawJson,
  asText,
  resolve,
  toJson,
  validValue,
  type Operation,
  type Pools,
  type Schema,
} from './fuzz-schema';

/**
 * One fuzz request, built from an operation of the OpenAPI document and a seeded generator:
 * first values the schema takes, then (mostly) one thing made wrong. Request #n of a run is a
 * function of FUZZ_SEED and n alone (fuzz-random.ts), whatever the server answered before it.
 */

export type Actor = 'op' | 'ac';
/** How the request proves who sends it; the tokens themselves are added when it is sent. */
export type Auth =
  | { kind: 'actor' }
  /** a session of the actor signed in for this one request (the operation ends its session) */
  | { kind: 'throwaway' }
  | { kind: 'none' }
  | { kind: 'header'; value: string };
/** How a signed open-API call is signed when sent (the signature covers the final body and a fresh timestamp). */
export type Signing = 'none' | 'good' | 'badSignature' | 'staleTimestamp' | 'badNonce' | 'reusedNonce' | 'unknownKey';

export type FuzzRequest = {
  n: number;
  op: Operation;
  actor: Actor;
  /** app.inject, or real HTTP over a socket to 127.0.0.1 */
  lane: 'inject' | 'http';
  /** what was made wrong, for the report ('valid' when nothing) */
  mutation: string;
  method: string;
  /** the request target as sent: path and query, already encoded (or deliberately not) */
  target: string;
  headers: Record<string, string>;
  auth: Auth;
  signing: Signing;
  body?: Buffer;
  /** real HTTP only: how the request's head is written wrongly (framework-level cases) */
  raw?: RawKind;
};

/** Operations that end the caller's session: sent with a session of their own (auth 'throwaway'). */
export const SESSION_ENDING: Record<string, string> = {
  'GET /oauth/logout': "signs the caller's session out",
};

const INJECTIONS = [
  "' OR '1'='1",
  "'; drop table users; --",
  '" OR ""="',
  "1' union select password_hash from users --",
  '1) or (1=1',
  '%',
  '_',
  '\\',
  "\\'",
  '$1',
  '%s%s%s%n',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '<!--',
  ']]>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  'javascript:alert(1)',
  '\r\nSet-Cookie: fuzz=1',
  'null',
  'undefined',
  'NaN',
  'true',
  '[]',
  '{}',
  '-1',
  '0',
  '1e309',
  'CON',
  '*',
  '?',
  '#',
  '/',
];

const UNICODE = [
  '😀🎉👨‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '\u202Eevil\u202C',
  'zero\u200Bwidth',
  'Ｆｕｌｌｗｉｄｔｈ１２３',
  '中文名称测试',
  'ßİıǅ',
  '\uFEFFbom',
  'العربية',
  '\uD800',
  'x\uDC00y',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f',
  'line\r\nbreak',
  'tab\tand\vvt',
  '\u2028\u2029',
  '\uFFFF\uFFFE',
  'ﷺ',
  'Z̴̡̢̛̗̘̙̜̝̞̟̠̤̥̦̩̪̫̬̭̮̯̰̱̲̳̹̺̻̼͇͈͉͍͎',
  '\u{10FFFF}',
  '𝕳𝖊𝖗𝖆𝖑𝖉',
];

/** Dates and times PostgreSQL or Date may read in surprising ways (or not at all). */
const ODD_DATES = [
  '2020-02-30',
  '2023-02-29',
  '2026-13-01',
  '0000-00-00',
  '0001-01-01',
  '99999-01-01',
  '275760-09-13',
  '-001000-01-01',
  '2026-11-29T25:61:00Z',
  '2026-11-29T08:00:00+99:00',
  '2026-11-29 08:00',
  '29/11/2026',
  'infinity',
  '-infinity',
  'epoch',
  'now',
  'today',
  'allballs',
  '1e10',
  '1764403200000',
  '',
];

/** Receipt markup that asks a lot of the renderer or is malformed. */
const HOSTILE_MARKUP = [
  '{code:' + 'x'.repeat(4000) + '; option:qrcode,8,H}',
  '{code:abc; option:ean}',
  '{code:; option:qrcode,100,H}',
  '{image:' + 'A'.repeat(10_000) + '}',
  '{image:not-base64!}',
  '{width:' + '1,'.repeat(500) + '1}',
  '{width:-1,0,99999999}',
  '|'.repeat(5000),
  '^'.repeat(5000) + 'x',
  '{' + '{'.repeat(3000),
  '}'.repeat(3000),
  '~'.repeat(5000),
  '\\'.repeat(3000),
  '{option:qrcode,999,Z}{code:x}',
  '{border:999}{text:vertical}{align:nowhere}',
  RECEIPT_MARKUP.join('').repeat(40),
];

/** Amounts a payment announcement may be asked to say. */
const ODD_AMOUNTS: unknown[] = [
  '-1',
  '0',
  '0.001',
  '1e400',
  '1e-400',
  'NaN',
  'Infinity',
  '0x10',
  '１２',
  '12,50',
  '9'.repeat(400),
  '.',
  '',
  ' 1 ',
  1e308,
  -0.0,
  5e-324,
];

const WRONG_TYPES: unknown[] = ['abc', 123, -1, 1.5, true, false, null, [], {}, [1, 2], { a: 1 }, ''];

const NUMBER_EDGES: unknown[] = [
  new RawJson('NaN'),
  new RawJson('Infinity'),
  new RawJson('-Infinity'),
  new RawJson('-0'),
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('1' + '0'.repeat(400)),
  new RawJson('9007199254740993'),
  new RawJson('1.0'),
  new RawJson('1E2'),
  new RawJson('0x10'),
  new RawJson('01'),
  new RawJson('.5'),
  1e308,
  -1e308,
  5e-324,
  0,
  -1,
  0.1,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER,
  '1',
  'NaN',
  '1e3',
  ' 1',
  '１',
];

/** Path parameter values in forms a router, a coercion or a query may take wrongly. */
const ODD_PATH_VALUES = [
  '0',
  '-1',
  '1.5',
  '1e2',
  '0x1f',
  '+1',
  '%201',
  '1%20',
  '01',
  '00000000001',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '%00',
  '1%00',
  '%ff',
  '%ED%A0%80',
  '%2e%2e',
  '..',
  '%2F',
  '1%2F2',
  '%EF%BC%91',
  'abc',
  "1'OR'1'='1",
  '%3Cscript%3E',
  '1;select%201',
  '[1]',
  '%7B%7D',
  'a'.repeat(120),
  '9'.repeat(500),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'g0000000-0000-4000-8000-000000000000',
];

const EXTRA_FIELDS: [string, unknown][] = [
  ['id', 1],
  ['accountId', 1],
  ['userId', 1],
  ['isSuperAdmin', true],
  ['status', 2],
  ['side', 'op'],
  ['permissions', ['herald.op.account']],
  ['createdAt', '2000-01-01'],
  ['passwordHash', 'x'],
  ['constructor', { prototype: { polluted: 1 } }],
  ['prototype', { polluted: 1 }],
  ['toString', 'x'],
  ['hasOwnProperty', 'x'],
];

// ── hostile values ────────────────────────────────────────────────────────

function hugeString(rng: Rng): string {
  const n = rng.weighted<number>([
    [300, 4],
    [5_000, 3],
    [70_000, 2],
    // past the default body limit (1 MiB): refused before it is parsed
    [1_100_000, 0.2],
  ]);
  return rng.pick(['A', 'é', '😀', '\\', '"', '<', "'"]).repeat(n);
}

function boundary(rng: Rng, s: Schema, pools: Pools, name: string): unknown {
  if (s.enum?.length) {
    const e = asText(rng.pick(s.enum));
    return rng.pick([e.toUpperCase(), e.toLowerCase(), `${e} `, `${e}x`, '', e.slice(1)]);
  }
  switch (s.type) {
    case 'string': {
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? 256;
      return rng.pick([
        'x'.repeat(Math.max(0, min - 1)),
        'x'.repeat(max),
        'x'.repeat(max + 1),
        '',
        ' '.repeat(Math.max(1, min)),
        '😀'.repeat(max),
      ]);
    }
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? 0;
      const hi = s.maximum ?? 2147483647;
      return rng.pick([lo - 1, lo, hi, hi + 1, lo + 0.5, hi - 0.5, -lo, 2147483648, -2147483649]);
    }
    case 'array': {
      const max = s.maxItems ?? 100;
      const item = () => validValue(rng, s.items ?? {}, name.replace(/s$/, ''), pools);
      return rng.pick([
        [],
        Array.from({ length: Math.max(0, (s.minItems ?? 0) - 1) }, item),
        Array.from({ length: max + 1 }, item),
        Array.from({ length: 3 }, () => item()).flatMap((x) => [x, x]),
      ]);
    }
    default:
      return rng.pick([{}, null]);
  }
}

/** A value the field should not take, and what kind of wrong it is. */
export function hostileValue(rng: Rng, schema: Schema, name: string, pools: Pools): [string, unknown] {
  const s = resolve(rng, schema);
  const valid = () => validValue(rng, s, name, pools);
  // within the length the schema allows, so that some reach the handler and the database
  const fit = (v: string) => (s.maxLength !== undefined && rng.chance(0.5) ? [...v].slice(0, s.maxLength).join('') : v);
  const kind = rng.weighted<string>([
    ['date', /date|birthday|from$|to$|At$/i.test(name) || s.format === 'date-time' ? 4 : 0.3],
    ['markup', /^(body|content|markup)$/i.test(name) ? 5 : 0],
    ['amount', /amount/i.test(name) ? 5 : 0],
    ['wrongType', 3],
    ['boundary', 3],
    ['huge', 1],
    ['unicode', 2],
    ['injection', 2],
    ['number', s.type === 'integer' || s.type === 'number' ? 3 : 0.5],
    ['null', 1],
    ['container', 1],
  ]);
  switch (kind) {
    case 'wrongType':
      return [kind, rng.pick(WRONG_TYPES)];
    case 'boundary':
      return [kind, boundary(rng, s, pools, name)];
    case 'huge':
      if (s.type === 'array') return [kind, Array.from({ length: 5000 }, () => 1)];
      return [kind, hugeString(rng)];
    case 'unicode': {
      const u = rng.pick(UNICODE);
      const base = asText(valid());
      return [kind, fit(rng.pick([u, `${base}${u}`, `${u}${base}`]))];
    }
    case 'injection':
      return [kind, fit(rng.pick(INJECTIONS))];
    case 'date':
      return [kind, rng.pick(ODD_DATES)];
    case 'markup':
      return [kind, fit(rng.pick(HOSTILE_MARKUP))];
    case 'amount':
      return [kind, rng.pick(ODD_AMOUNTS)];
    case 'number':
      return [kind, rng.pick(NUMBER_EDGES)];
    case 'null':
      return [kind, null];
    default:
      return [
        kind,
        rng.pick([
          [valid()],
          { value: valid() },
          [[valid()]],
          new RawJson('['.repeat(3000) + ']'.repeat(3000)),
          new RawJson('{"a":'.repeat(2000) + '1' + '}'.repeat(2000)),
        ]),
      ];
  }
}

// ── where in the request ──────────────────────────────────────────────────

type Slot = { path: (string | number)[]; schema: Schema; name: string; required: boolean };

/** Every field of a body schema down to `depth`: objects' properties and arrays' first items. */
function slots(s: Schema, depth = 0, path: (string | number)[] = [], out: Slot[] = []): Slot[] {
  if (depth > 3) return out;
  const r = s.anyOf?.[0] ?? s.oneOf?.[0] ?? s;
  if (r.properties) {
    const required = new Set(r.required ?? []);
    for (const [k, v] of Object.entries(r.properties)) {
      out.push({ path: [...path, k], schema: v, name: k, required: required.has(k) });
      slots(v, depth + 1, [...path, k], out);
    }
  } else if (r.type === 'array' && r.items) {
    out.push({ path: [...path, 0], schema: r.items, name: String(path.at(-1) ?? 'item'), required: false });
    slots(r.items, depth + 1, [...path, 0], out);
  }
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const container: Record<string | number, unknown> | unknown[] =
    typeof head === 'number'
      ? Array.isArray(root)
        ? [...root]
        : []
      : root && typeof root === 'object' && !Array.isArray(root)
        ? { ...(root as object) }
        : {};
  const current = (container as Record<string | number, unknown>)[head!];
  (container as Record<string | number, unknown>)[head!] = setAt(current, rest, value);
  return container;
}

function deleteAt(root: unknown, path: (string | number)[]): unknown {
  if (!root || typeof root !== 'object' || path.length === 0) return root;
  const [head, ...rest] = path;
  if (rest.length === 0) {
    if (Array.isArray(root)) return root.filter((_, i) => i !== head);
    const copy = { ...(root as Record<string, unknown>) };
    delete copy[head as string];
    return copy;
  }
  const copy = (Array.isArray(root) ? [...root] : { ...root }) as Record<string | number, unknown>;
  copy[head!] = deleteAt(copy[head!], rest);
  return copy;
}

// ── the request ───────────────────────────────────────────────────────────

type Draft = {
  path: Record<string, string>;
  /** query as ordered pairs (already text); a value of undefined is left out */
  query: [string, string][];
  /** the query string as written when a mutation wrote it itself */
  rawQuery?: string;
  body: unknown;
  /** the body's text, when a mutation wrote it itself */
  bodyText?: string | Buffer;
  hasBody: boolean;
  contentType?: string;
  headers: Record<string, string>;
  auth: Auth;
  signing: Signing;
  mutation: string;
  pathOverride?: string;
  raw?: RawKind;
};

/** Percent-encoding that also writes half a surrogate pair (as the three bytes WTF-8 gives it), which encodeURIComponent refuses. */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s]
      .map((c) => {
        const u = c.charCodeAt(0);
        if (c.length > 1 || u < 0xd800 || u > 0xdfff) return encodeURIComponent(c);
        return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      })
      .join('');
  }
}

function bodyMutation(rng: Rng, op: Operation, d: Draft, pools: Pools): void {
  const text = () => toJson(d.body);
  const kind = rng.pick([
    'missingRequired',
    'empty',
    'extraField',
    'protoKey',
    'duplicateKey',
    'asArray',
    'asScalar',
    'truncated',
    'trailingGarbage',
    'bom',
    'jsonSyntax',
    'deepNesting',
    'invalidUtf8',
    'emptyText',
    'contentType',
    'noContentType',
    'huge',
  ]);
  d.mutation = `body: ${kind}`;
  switch (kind) {
    case 'missingRequired': {
      const required = op.body ? slots(op.body).filter((s) => s.required) : [];
      if (!required.length) return void (d.body = {});
      const s = rng.pick(required);
      d.mutation += ` ${s.path.join('.')}`;
      d.body = deleteAt(d.body, s.path);
      return;
    }
    case 'empty':
      d.body = {};
      return;
    case 'extraField': {
      const [k, v] = rng.chance(0.7)
        ? rng.pick(EXTRA_FIELDS)
        : [`fuzz${rng.chars(4)}`, hostileValue(rng, {}, 'x', pools)[1]];
      d.mutation += ` ${k}`;
      d.body = d.body && typeof d.body === 'object' && !Array.isArray(d.body) ? { ...d.body, [k]: v } : { [k]: v };
      return;
    }
    case 'protoKey':
      d.bodyText = text().replace(/^\{/, '{"__proto__":{"polluted":true},');
      return;
    case 'duplicateKey': {
      const keys = Object.keys((d.body as object) ?? {});
      if (!keys.length) return void (d.bodyText = '{"a":1,"a":2}');
      const k = rng.pick(keys);
      d.mutation += ` ${k}`;
      d.bodyText = text().replace(/^\{/, `{${JSON.stringify(k)}:${toJson(hostileValue(rng, {}, k, pools)[1])},`);
      return;
    }
    case 'asArray':
      d.body = rng.pick([[], [d.body], [d.body, d.body]]);
      return;
    case 'asScalar':
      d.body = rng.pick([null, 'text', 42, true, new RawJson('""')]);
      return;
    case 'truncated': {
      const t = text();
      d.bodyText = t.slice(0, rng.int(0, Math.max(0, t.length - 1)));
      return;
    }
    case 'trailingGarbage':
      d.bodyText = text() + rng.pick([',', '}', ' x', '\u0000', '{}', '\n{"a":1}']);
      return;
    case 'bom':
      d.bodyText = `\uFEFF${text()}`;
      return;
    case 'jsonSyntax':
      d.bodyText = rng.pick([
        text().replace(/"/g, "'"),
        text().replace(/"(\w+)":/g, '$1:'),
        text().replace(/}$/, ',}'),
        `/* c */${text()}`,
        '{"a":NaN}',
        '{"a":undefined}',
        '{"a":1',
        '{"a":"\\x41"}',
        '{"a":"\\u12"}',
        '{"a":"\u0001raw control"}',
      ]);
      return;
    case 'deepNesting':
      d.bodyText = rng.pick([
        `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
        `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
      ]);
      return;
    case 'invalidUtf8':
      d.bodyText = Buffer.concat([
        Buffer.from('{"name":"'),
        Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]),
        Buffer.from('"}'),
      ]);
      return;
    case 'emptyText':
      d.bodyText = rng.pick(['', ' ', '\n']);
      return;
    case 'contentType':
      d.contentType = rng.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=fuzz',
        'application/json; charset=utf-16',
        'application/JSON',
        'application/json-patch+json',
        'application/octet-stream',
        'application/json; charset="',
        'text/html; charset=utf-8',
        '*/*',
        'application',
      ]);
      d.mutation += ` ${d.contentType}`;
      return;
    case 'noContentType':
      d.contentType = '';
      return;
    case 'huge':
      d.bodyText = JSON.stringify({ ...(d.body as object), fuzzPad: 'x'.repeat(rng.pick([200_000, 1_100_000])) });
      return;
  }
}

function fieldMutation(rng: Rng, op: Operation, d: Draft, pools: Pools): boolean {
  type Target = { kind: 'body'; slot: Slot } | { kind: 'query' | 'path'; name: string; schema: Schema };
  const targets: Target[] = [
    ...(op.body ? slots(op.body).map((slot) => ({ kind: 'body' as const, slot })) : []),
    ...op.params
      .filter((p) => p.in === 'query' || p.in === 'path')
      .map((p) => ({ kind: p.in as 'query' | 'path', name: p.name, schema: p.schema })),
  ];
  if (!targets.length) return false;
  const t = rng.pick(targets);
  if (t.kind === 'body') {
    const [what, value] = hostileValue(rng, t.slot.schema, t.slot.name, pools);
    d.mutation = `body.${t.slot.path.join('.')}: ${what}`;
    d.body = value === undefined ? deleteAt(d.body, t.slot.path) : setAt(d.body, t.slot.path, value);
    return true;
  }
  const [what, value] = hostileValue(rng, t.schema, t.name, pools);
  d.mutation = `${t.kind} ${t.name}: ${what}`;
  const text = value instanceof RawJson ? value.text : asText(value);
  if (t.kind === 'path') d.path[t.name] = rng.chance(0.5) ? enc(text) : text.replace(/[/?#%\s]/g, enc);
  else {
    d.query = d.query.filter(([k]) => k !== t.name);
    if (Array.isArray(value) && value.length && rng.chance(0.5))
      for (const v of value) d.query.push([t.name, asText(v)]);
    else d.query.push([t.name, text]);
  }
  return true;
}

function queryMutation(rng: Rng, op: Operation, d: Draft): void {
  const names = op.params.filter((p) => p.in === 'query').map((p) => p.name);
  const name = names.length ? rng.pick(names) : 'page';
  const kind = rng.pick([
    'repeated',
    'bracket',
    'empty',
    'unknown',
    'protoKey',
    'badPercent',
    'long',
    'dropRequired',
    'lang',
  ]);
  d.mutation = `query: ${kind} ${name}`;
  switch (kind) {
    case 'repeated':
      d.query.push([name, '1'], [name, '2']);
      return;
    case 'bracket':
      d.rawQuery = `${enc(name)}[]=1&${enc(name)}[a]=2`;
      return;
    case 'empty':
      d.query = [...d.query.filter(([k]) => k !== name), [name, '']];
      return;
    case 'unknown':
      d.query.push([`fuzz${rng.chars(3)}`, rng.pick(INJECTIONS)]);
      return;
    case 'protoKey':
      d.rawQuery = rng.pick([
        '__proto__[polluted]=1',
        '__proto__=x',
        'constructor[prototype][x]=1',
        'hasOwnProperty=1',
      ]);
      return;
    case 'badPercent':
      d.rawQuery = `${enc(name)}=${rng.pick(['%zz', '%E0%A4%A', '%ED%A0%80', '%00', '%', '%C0%AF', '%FF'])}`;
      return;
    case 'long':
      d.query.push([name, '9'.repeat(rng.pick([300, 10_000]))]);
      return;
    case 'dropRequired': {
      const required = op.params.filter((p) => p.in === 'query' && p.required).map((p) => p.name);
      d.query = d.query.filter(([k]) => !required.includes(k));
      return;
    }
    case 'lang':
      d.query.push(['lang', rng.pick(['xx', 'EN_us', '', 'zh_CN\u0000', 'en_US'.repeat(100), '__proto__'])]);
      return;
  }
}

function pathMutation(rng: Rng, op: Operation, d: Draft): boolean {
  const names = op.params.filter((p) => p.in === 'path').map((p) => p.name);
  if (!names.length) {
    // the same path in a form the router may take differently
    const kind = rng.pick(['trailingSlash', 'doubleSlash', 'upperCase', 'dotSegment', 'encodedSlash']);
    d.mutation = `path: ${kind}`;
    const p = op.path;
    d.pathOverride = {
      trailingSlash: `${p}/`,
      doubleSlash: p.replace(/^\//, '//'),
      upperCase: p.toUpperCase(),
      dotSegment: p.replace(/^\/(\w+)\//, '/$1/../$1/'),
      encodedSlash: p.replace(/\/([^/]*)$/, '%2F$1'),
    }[kind];
    return true;
  }
  const name = rng.pick(names);
  const v = rng.pick(ODD_PATH_VALUES);
  d.mutation = `path ${name}: ${v.length > 40 ? `${v.slice(0, 12)}… (${v.length})` : v}`;
  d.path[name] = v;
  return true;
}

function fakeJwt(rng: Rng): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return rng.pick([
    `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: '1', sid: '00000000-0000-4000-8000-000000000000' })}.`,
    `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', sid: 'x' })}.${rng.chars(43)}`,
    'a.b.c',
    rng.chars(20),
    'x'.repeat(10_000),
  ]);
}

function headerMutation(rng: Rng, d: Draft): void {
  const kind = rng.pick(['noAuth', 'badToken', 'otherScheme', 'lang', 'cookie', 'accept', 'forwarded']);
  d.mutation = `header: ${kind}`;
  switch (kind) {
    case 'noAuth':
      d.auth = { kind: 'none' };
      return;
    case 'badToken':
      d.auth = { kind: 'header', value: `Bearer ${fakeJwt(rng)}` };
      return;
    case 'otherScheme':
      d.auth = {
        kind: 'header',
        value: rng.pick(['Basic YWRtaW46QWRtaW5AMTIzNDU=', 'Bearer', 'bearer  ', 'Token abc']),
      };
      return;
    case 'lang':
      d.headers.lang = rng.pick(['xx', 'zh_CN', 'en-US', '*', 'zh_CN,en_US', '__proto__']);
      return;
    case 'cookie':
      d.headers.cookie = rng.pick(['locale=xx', 'locale=zh_CN', 'locale=%ff', 'locale=', ';;;', 'a=b; locale=en_US']);
      return;
    case 'accept':
      d.headers.accept = rng.pick(['text/html', 'application/xml', '*/*;q=0', 'image/png']);
      return;
    case 'forwarded':
      d.headers['x-forwarded-for'] = rng.pick(['1.2.3.4', 'not-an-ip', '::1, 10.0.0.1', '999.999.999.999']);
      return;
  }
}

/** Framework-level cases, real HTTP only: fuzz-http.ts writes the request's head accordingly. */
function rawMutation(rng: Rng, d: Draft): void {
  d.raw = rng.pick(RAW_KINDS);
  d.mutation = `raw: ${d.raw}`;
}

export type Plan = {
  seed: number;
  ops: Operation[];
  pools: Pools;
  /** the identities a route lets through (its access declaration); the others mostly get 403 */
  actors: Record<string, Actor[]>;
  /** the operations the requests after the first pass are drawn from (FUZZ_OPS; default all) */
  focus: Operation[];
};

/** Operations asked less often: password checks (argon2) cost ~30 ms each. */
const weightOf = (op: Operation) => (op.slow ? 0.15 : 1);

/** Request #n of the run. The first 2 × |operations| requests send each operation once per actor, as documented. */
export function buildRequest(plan: Plan, n: number): FuzzRequest {
  const rng = new Rng(requestSeed(plan.seed, n));
  const { ops, pools } = plan;
  const coverage = n < ops.length * 2;
  const op = coverage ? ops[n >> 1]! : rng.weighted(plan.focus.map((o) => [o, weightOf(o)] as const));
  const allowed = plan.actors[op.key] ?? [];
  const actor: Actor = coverage
    ? n % 2 === 0
      ? 'op'
      : 'ac'
    : allowed.length === 1 && rng.chance(0.85)
      ? allowed[0]!
      : rng.pick(['op', 'ac'] as const);
  const lane = rng.chance(0.3) ? 'http' : 'inject';

  const d: Draft = {
    path: {},
    query: [],
    body: undefined,
    hasBody: !!op.body || op.upload,
    headers: {},
    auth: { kind: op.key in SESSION_ENDING ? 'throwaway' : 'actor' },
    signing: op.signed ? (coverage || rng.chance(0.8) ? 'good' : 'none') : 'none',
    mutation: 'valid',
  };
  for (const p of op.params) {
    const prefix = op.path.slice(0, op.path.indexOf(`{${p.name}}`) + p.name.length + 2);
    const known = pools.paths[prefix];
    if (p.in === 'path' && known?.length && rng.chance(0.85)) d.path[p.name] = String(rng.pick(known));
    else if (p.in === 'path') d.path[p.name] = enc(asText(validValue(rng, p.schema, p.name, pools)));
    else if (p.in === 'query' && (p.required || rng.chance(0.4)))
      d.query.push([p.name, asText(validValue(rng, p.schema, p.name, pools))]);
  }
  if (op.body) d.body = validValue(rng, op.body, 'body', pools);

  if (!coverage) {
    const mode = rng.weighted<string>([
      ['valid', 2],
      ['field', 5],
      ['body', op.body ? 1.5 : 0],
      ['upload', op.upload ? 1.5 : 0],
      ['query', 0.8],
      ['path', 0.8],
      ['header', 0.5],
      ['signing', op.signed ? 1.5 : 0],
      ['raw', lane === 'http' ? 0.6 : 0],
    ]);
    if (mode === 'field') {
      if (!fieldMutation(rng, op, d, pools)) queryMutation(rng, op, d);
      else if (rng.chance(0.2)) {
        const first = d.mutation;
        fieldMutation(rng, op, d, pools);
        d.mutation = `${first}; ${d.mutation}`;
      }
    } else if (mode === 'body') bodyMutation(rng, op, d, pools);
    else if (mode === 'upload') uploadMutation(rng, d);
    else if (mode === 'query') queryMutation(rng, op, d);
    else if (mode === 'path') pathMutation(rng, op, d);
    else if (mode === 'header') headerMutation(rng, d);
    else if (mode === 'signing') {
      d.signing = rng.pick(['badSignature', 'staleTimestamp', 'badNonce', 'reusedNonce', 'unknownKey'] as const);
      d.mutation = `signing: ${d.signing}`;
    } else if (mode === 'raw') rawMutation(rng, d);
  }
  if (op.upload && d.bodyText === undefined) {
    d.bodyText = Buffer.from(Array.from({ length: rng.int(0, 2048) }, () => rng.int(0, 255)));
    d.contentType ??= 'application/octet-stream';
  }
  if (rng.chance(0.3)) d.query.push(['lang', rng.pick(['en_US', 'zh_CN'])]);
  return finish(n, op, actor, lane, d);
}

function uploadMutation(rng: Rng, d: Draft): void {
  const kind = rng.pick(['empty', 'big', 'zipLike', 'json', 'contentType']);
  d.mutation = `upload: ${kind}`;
  switch (kind) {
    case 'empty':
      d.bodyText = Buffer.alloc(0);
      return;
    case 'big':
      d.bodyText = Buffer.alloc(rng.pick([70_000, 3_000_000]), 0x41);
      return;
    case 'zipLike':
      d.bodyText = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(rng.int(0, 200), 0xff)]);
      return;
    case 'json':
      d.bodyText = '{"a":1}';
      d.contentType = 'application/json';
      return;
    case 'contentType':
      d.contentType = rng.pick(['', 'text/plain', 'multipart/form-data', 'application/json']);
      return;
  }
}

function finish(n: number, op: Operation, actor: Actor, lane: 'inject' | 'http', d: Draft): FuzzRequest {
  let path = d.pathOverride ?? op.path;
  for (const [k, v] of Object.entries(d.path)) path = path.replace(`{${k}}`, v);
  const query = d.rawQuery ?? d.query.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  const target = query ? `${path}?${query}` : path;
  let body: Buffer | undefined;
  const headers = { ...d.headers };
  if (d.hasBody || d.bodyText !== undefined) {
    body = Buffer.isBuffer(d.bodyText) ? d.bodyText : Buffer.from(d.bodyText ?? toJson(d.body ?? {}), 'utf8');
    const type = d.contentType ?? 'application/json';
    if (type) headers['content-type'] = type;
  }
  return {
    n,
    op,
    actor,
    lane,
    mutation: d.mutation,
    method: op.method,
    target,
    headers,
    auth: d.auth,
    signing: d.signing,
    body,
    raw: d.raw,
  };
}
