import { describe, expect, it } from 'vitest';
import { Cnf } from '../../src/sat/cnf.js';

const clausesOf = (cnf: Cnf) => Array.from({ length: cnf.numClauses }, (_, k) => cnf.clause(k));

describe('Cnf', () => {
  it('stores clauses in order and gives them back from clause(k), forEach and flat()', () => {
    const cnf = new Cnf();
    cnf.add([1, -2, 3]);
    cnf.add2(-1, 4);
    cnf.add([-3]);
    expect(cnf.numClauses).toBe(3);
    expect(cnf.numLiterals).toBe(6);
    expect(clausesOf(cnf)).toEqual([[1, -2, 3], [-1, 4], [-3]]);
    const seen: number[][] = [];
    cnf.forEach((clause, k) => {
      expect(k).toBe(seen.length);
      seen.push(Array.from(clause));
    });
    expect(seen).toEqual([[1, -2, 3], [-1, 4], [-3]]);
    const { lits, ends } = cnf.flat();
    expect(Array.from(lits)).toEqual([1, -2, 3, -1, 4, -3]);
    expect(Array.from(ends)).toEqual([3, 5, 6]);
  });

  it('tracks the highest variable mentioned or declared', () => {
    const cnf = new Cnf();
    expect(cnf.numVars).toBe(0);
    cnf.add([2, -7]);
    expect(cnf.numVars).toBe(7);
    cnf.declare(5);
    expect(cnf.numVars).toBe(7);
    cnf.declare(20);
    expect(cnf.numVars).toBe(20);
  });

  it('accepts the empty clause and an Int32Array clause', () => {
    const cnf = new Cnf();
    cnf.add([]);
    cnf.add(Int32Array.from([5, -6]));
    expect(clausesOf(cnf)).toEqual([[], [5, -6]]);
  });

  it('rejects a zero or non-integer literal', () => {
    expect(() => new Cnf().add([1, 0])).toThrow(RangeError);
    expect(() => new Cnf().add2(1.5, 2)).toThrow(RangeError);
  });

  it('leaves the formula unchanged when a clause is rejected', () => {
    const cnf = new Cnf();
    cnf.add([1, 2]);
    expect(() => cnf.add([3, 0, 4])).toThrow(RangeError);
    cnf.add([5]);
    // The rejected clause must not leak its first literal into the next clause.
    expect(clausesOf(cnf)).toEqual([[1, 2], [5]]);
    expect(cnf.numLiterals).toBe(3);
    expect(cnf.numVars).toBe(5);
  });

  it('grows past its initial 1024 literals and 256 clauses without losing any', () => {
    const cnf = new Cnf();
    const expected: number[][] = [];
    for (let k = 1; k <= 3000; k++) {
      const clause = k % 7 === 0 ? Array.from({ length: 40 }, (_, j) => (j % 2 ? -(k + j) : k + j)) : [k, -(k + 1)];
      cnf.add(clause);
      expected.push(clause);
    }
    expect(cnf.numClauses).toBe(3000);
    expect(clausesOf(cnf)).toEqual(expected);
  });

  it('append copies every clause of another formula and its variable count', () => {
    const a = new Cnf();
    a.add([1]);
    const b = new Cnf();
    b.add([2, 3]);
    b.add([-4]);
    b.declare(9);
    a.append(b);
    expect(clausesOf(a)).toEqual([[1], [2, 3], [-4]]);
    expect(a.numVars).toBe(9);
    expect(clausesOf(b)).toEqual([[2, 3], [-4]]);
  });
});
