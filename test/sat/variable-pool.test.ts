import { describe, expect, it } from 'vitest';
import { IDPool } from '../../src/sat/variable-pool.js';

describe('IDPool', () => {
  it('hands out 1, 2, 3, ... in order of first request and the same id for the same key', () => {
    const pool = new IDPool();
    expect(pool.top).toBe(0);
    expect(pool.id('x')).toBe(1);
    expect(pool.id(['d', 12, 3])).toBe(2);
    expect(pool.id(7)).toBe(3);
    expect(pool.id('x')).toBe(1);
    expect(pool.id(['d', 12, 3])).toBe(2);
    expect(pool.top).toBe(3);
  });

  it('round-trips id → obj for either polarity and keeps the original key', () => {
    const pool = new IDPool<readonly [string, number, number]>();
    const keys = [
      ['layer', 0, 1],
      ['layer', 1, 0],
      ['layer', 10, 2],
    ] as const;
    const ids = keys.map((k) => pool.id(k));
    keys.forEach((k, n) => {
      expect(pool.obj(ids[n]!)).toEqual(k);
      expect(pool.obj(-ids[n]!)).toEqual(k);
      // A fresh tuple with the same contents finds the same variable.
      expect(pool.id([k[0], k[1], k[2]])).toBe(ids[n]);
    });
  });

  it('tells tuple keys apart by every component', () => {
    const pool = new IDPool();
    expect(new Set([pool.id(['a', 1, 2]), pool.id(['a', 12]), pool.id(['a', 2, 1]), pool.id(['b', 1, 2])]).size).toBe(4);
  });

  it('answers undefined for a variable it never issued, and peek does not allocate', () => {
    const pool = new IDPool();
    pool.id('only');
    expect(pool.obj(2)).toBeUndefined();
    expect(pool.obj(0)).toBeUndefined();
    expect(pool.peek('other')).toBeUndefined();
    expect(pool.top).toBe(1);
    expect(pool.peek('only')).toBe(1);
  });

  it('keys by structure, not by text: strings, numbers and tuples that print alike are different keys', () => {
    const pool = new IDPool();
    const vars = [pool.id('a,b'), pool.id(['a,b']), pool.id(['a', 'b']), pool.id(12), pool.id('12'), pool.id([12]), pool.id(['12'])];
    expect(new Set(vars).size).toBe(vars.length);
    expect(pool.id(['a', 'b'])).toBe(vars[2]);
    expect(pool.obj(vars[4]!)).toBe('12');
  });

  it('finds a block member by its key [...family, index], and maps it back', () => {
    const pool = new IDPool();
    pool.id('before');
    const first = pool.block('shaded', 4);
    const layers = pool.block(['layer', 3], 2);
    expect(first).toBe(2);
    expect(pool.id(['shaded', 2])).toBe(first + 2);
    expect(pool.peek(['layer', 3, 1])).toBe(layers + 1);
    expect(pool.obj(layers + 1)).toEqual(['layer', 3, 1]);
    expect(pool.top).toBe(7);
  });

  it('refuses a second block for one family, and a key beside a block of its family', () => {
    const pool = new IDPool();
    pool.block('shaded', 4);
    expect(() => pool.block(['shaded'], 2)).toThrow(RangeError);
    expect(() => pool.id(['shaded', 4])).toThrow(RangeError);
    pool.id(['d', 0]);
    expect(() => pool.block('d', 3)).toThrow(RangeError);
  });
});
