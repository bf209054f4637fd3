import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { unstorablePath } from './storable';

describe('unstorablePath', () => {
  it('finds a NUL character in any string or key of parsed data, naming the field', () => {
    expect(unstorablePath({ a: 'ok', b: ['x', { c: 'y\u0000' }] })).toBe('b.1.c');
    expect(unstorablePath({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(unstorablePath('\u0000')).toBe('');
    expect(unstorablePath({ a: 'fine', n: 1, t: true, z: null })).toBeUndefined();
    expect(unstorablePath(Object.assign(Object.create(null) as object, { q: 'a\u0000' }))).toBe('q');
    // a query string parsed by Fastify: its prototype is an empty null-prototype object
    const Query = function () {} as unknown as { new (): Record<string, string>; prototype: object };
    Query.prototype = Object.create(null) as object;
    expect(unstorablePath(Object.assign(new Query(), { name: 'x\u0000' }))).toBe('name');
  });

  it('finds half a surrogate pair, which a jsonb column refuses, and lets whole pairs through', () => {
    expect(unstorablePath(JSON.parse('{"content":"x \\ud800 y"}'))).toBe('content');
    expect(unstorablePath({ a: ['ok', 'tail \udfff'] })).toBe('a.1');
    expect(unstorablePath({ ['\ud83d']: 1 })).toBe('\ud83d');
    expect(unstorablePath({ emoji: '收款 😀 12.50', zh: '小票' })).toBeUndefined();
  });

  it('leaves raw bodies alone: an uploaded file is bytes, NULs included', () => {
    const file = Buffer.alloc(8 * 1024 * 1024); // all zero bytes
    expect(unstorablePath(file)).toBeUndefined();
    expect(unstorablePath(new Uint8Array([0, 0, 0]))).toBeUndefined();
    expect(unstorablePath(new ArrayBuffer(4))).toBeUndefined();
    expect(unstorablePath(Readable.from(['\u0000']))).toBeUndefined();
  });

  it('walks deep nesting without recursion', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 500_000; i++) deep = [deep];
    expect(unstorablePath(deep)).toBe(Array(500_000).fill('0').join('.'));
  });
});
