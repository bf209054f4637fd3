import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { nulPath } from './input-guard';

describe('nulPath', () => {
  it('finds a NUL character in any string or key of parsed data, naming the field', () => {
    expect(nulPath({ a: 'ok', b: ['x', { c: 'y\u0000' }] })).toBe('b.1.c');
    expect(nulPath({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(nulPath('\u0000')).toBe('');
    expect(nulPath({ a: 'fine', n: 1, t: true, z: null })).toBeUndefined();
    expect(nulPath(Object.assign(Object.create(null) as object, { q: 'a\u0000' }))).toBe('q');
    // a query string parsed by Fastify: its prototype is an empty null-prototype object
    const Query = function () {} as unknown as { new (): Record<string, string>; prototype: object };
    Query.prototype = Object.create(null) as object;
    expect(nulPath(Object.assign(new Query(), { name: 'x\u0000' }))).toBe('name');
  });

  it('leaves raw bodies alone: an uploaded file is bytes, NULs included', () => {
    const file = Buffer.alloc(8 * 1024 * 1024); // all zero bytes
    expect(nulPath(file)).toBeUndefined();
    expect(nulPath(new Uint8Array([0, 0, 0]))).toBeUndefined();
    expect(nulPath(new ArrayBuffer(4))).toBeUndefined();
    expect(nulPath(Readable.from(['\u0000']))).toBeUndefined();
  });

  it('walks deep nesting without recursion', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 500_000; i++) deep = [deep];
    expect(nulPath(deep)).toBe(Array(500_000).fill('0').join('.'));
  });
});
