import { and, eq, sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { devices } from './schema';
import { inText, inTextStrings, toQuery } from './named';

const dialect = new PgDialect();
const db = drizzle.mock();
const d = alias(devices, 'd');
const drizzles = (q: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(q);
  return { text, params };
};

describe('toQuery (named statements built without drizzle after their first run)', () => {
  const when = new Date('2026-11-29T00:00:00Z');
  const statements: [string, (i: number) => SQL][] = [
    ['plain values', (i) => sql`select ${i}::int, ${`sn${i}`}, ${null}, ${i % 2 === 0}, ${when}`],
    ['nested sql', (i) => sql`select 1 where a = ${i} ${sql`and b = ${i + 1} ${sql`and c = ${'x'}`}`}`],
    ['a constant in the text', (i) => sql`select ${inText(7)} where a = ${i}`],
    ['an undefined value writes nothing', (i) => sql`select ${i}${undefined} as n`],
    ['bytes', (i) => sql`select ${Buffer.from([i])}`],
    ['columns and tables', (i) => sql`select ${devices.sn} from ${devices} where ${devices.id} = ${i}`],
    [
      'a built update (names, values through their columns’ encoders, returning)',
      (i) =>
        db
          .update(devices)
          .set({ telemetry: { paper: i }, firmwareVersion: `1.0.${i}`, telemetryAt: when })
          .where(and(eq(devices.id, i), sql`not ${devices.online}`))
          .returning({ online: devices.online })
          .getSQL(),
    ],
    [
      'an alias (its columns are new objects each time: drizzle every time)',
      (i) => sql`select ${d.sn} from ${d} where ${d.id} = ${i}`,
    ],
    ['an array (drizzle every time)', (i) => sql`select 1 where a in ${[i, i + 1]}`],
  ];
  it.each(statements)('%s: the same text and values as drizzle, run after run', (name, make) => {
    for (let i = 0; i < 4; i++) expect(toQuery(`test.${name}`, make(i))).toEqual(drizzles(make(i)));
  });

  it('after its first run, a statement of those pieces is not built by drizzle again', () => {
    const built = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      for (const [label, make] of statements.filter(([label]) => !label.includes('drizzle every time'))) {
        built.mockClear();
        for (let i = 0; i < 5; i++) toQuery(`test.once.${label}`, make(i));
        expect(built, label).toHaveBeenCalledTimes(1);
      }
    } finally {
      built.mockRestore();
    }
  });

  it('a name whose text changes between runs still gets each run’s own text', () => {
    const shapes = [
      (i: number) => sql`select ${i} ${sql`where a = ${i}`}`,
      (i: number) => sql`select ${i} ${sql`where b = ${i}`}`,
      (i: number) => sql`select ${i} ${sql.raw(`limit ${i + 1}`)}`,
      (i: number) => sql`select ${i}, ${i} ${sql`where a = ${i}`}`,
    ];
    for (let round = 0; round < 3; round++)
      for (const [k, make] of shapes.entries())
        expect(toQuery('test.varies', make(round * 10 + k))).toEqual(drizzles(make(round * 10 + k)));
  });

  it('an inlined statement goes to drizzle', () => {
    const q = () => sql`select ${'a'}`.inlineParams();
    expect(toQuery('test.inline', q())).toEqual(drizzles(q()));
    expect(toQuery('test.inline', q())).toEqual({ text: "select 'a'", params: [] });
  });
});

describe('constants written into the text', () => {
  it('quotes strings for `in (…)`, doubling a quote inside one', () => {
    const dialect = new PgDialect();
    const q = dialect.sqlToQuery(sql`select 1 where s in (${inTextStrings(['queued', "o'k"])})`);
    expect(q).toEqual({ sql: "select 1 where s in ('queued', 'o''k')", params: [] });
  });
});
