import { describe, expect, it } from 'vitest';
import { Cnf } from '../../src/sat/cnf.js';
import { mulberry32 } from '../support/brute-force.js';
import { expectSame } from '../support/expect-same.js';

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

  it('asks its watch every 4,096 clauses, so that an encoding stops at a deadline once the watch throws', () => {
    const cnf = new Cnf();
    let asked = 0;
    cnf.watch = () => {
      asked++;
      if (asked === 3) throw new Error('past the deadline');
    };
    for (let k = 1; k < 3 * 4096; k++) cnf.add2(k, -(k + 1));
    expect(asked).toBe(2);
    expect(() => cnf.add2(1, 2)).toThrow('past the deadline');
    expect(cnf.numClauses).toBe(3 * 4096);
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

  describe('under a fixed partial assignment', () => {
    /** Whether the assignment (bit v-1 of `bits` for variable v) satisfies every clause. */
    const satisfies = (clauses: number[][], bits: number) =>
      clauses.every((clause) => clause.some((lit) => ((bits >> (Math.abs(lit) - 1)) & 1) === (lit > 0 ? 1 : 0)));

    it('has exactly the models of the whole formula that agree with the assignment, on 300 random formulas', () => {
      const random = mulberry32(7);
      const pick = (n: number) => Math.floor(random() * n);
      const vars = 6;
      for (let round = 0; round < 300; round++) {
        const clauses = Array.from({ length: 1 + pick(12) }, () =>
          Array.from({ length: pick(4) + (round % 5 === 0 ? 0 : 1) }, () => (1 + pick(vars)) * (random() < 0.5 ? -1 : 1)),
        );
        const fixed = Int8Array.from({ length: vars + 1 }, (_, v) => (v === 0 ? 0 : pick(3) - 1));
        const cnf = new Cnf(fixed);
        for (const clause of clauses) clause.length === 2 ? cnf.add2(clause[0]!, clause[1]!) : cnf.add(clause);
        const simplified = clausesOf(cnf);
        const agrees = (bits: number) => fixed.every((f, v) => f === 0 || ((bits >> (v - 1)) & 1) === (f > 0 ? 1 : 0));
        for (let bits = 0; bits < 1 << vars; bits++) {
          expect(satisfies(simplified, bits)).toBe(agrees(bits) && satisfies(clauses, bits));
        }
        // Nothing the assignment decides is left in a clause but the units.
        const units = fixed.reduce((count, f) => count + (f === 0 ? 0 : 1), 0);
        for (const clause of simplified.slice(units)) for (const lit of clause) expectSame(fixed[Math.abs(lit)], 0);
        expect(cnf.numVars).toBeGreaterThanOrEqual(Math.max(0, ...clauses.flat().map(Math.abs)));
      }
    });

    it('simplifies appended clauses too, and keeps the variable count of the formula', () => {
      const cnf = new Cnf(Int8Array.from([0, 1, -1, 0]));
      const other = new Cnf();
      other.add([1, 3]);
      other.add([2, 3]);
      other.add([-1, 2]);
      other.declare(8);
      cnf.append(other);
      expect(clausesOf(cnf)).toEqual([[1], [-2], [3], []]);
      expect(cnf.numVars).toBe(8);
    });
  });

  it('spills full chunks to its sink: the chunks and what is left are every clause, in order, under a fixed assignment too', () => {
    const random = mulberry32(7);
    const clauses = Array.from({ length: 3000 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 4) }, () => (1 + Math.floor(random() * 50)) * (random() < 0.5 ? -1 : 1)),
    );
    for (const fixed of [undefined, Int8Array.from({ length: 51 }, (_, v) => (v % 7 === 0 ? 1 : v % 11 === 0 ? -1 : 0))]) {
      const whole = new Cnf(fixed);
      const spilling = new Cnf(fixed);
      const chunks: number[][][] = [];
      spilling.spillTo((chunk) => {
        expect(chunk.flat().lits.length).toBeGreaterThanOrEqual(100);
        chunks.push(Array.from({ length: chunk.flat().ends.length }, (_, k) => chunk.clause(k)));
      }, 100);
      for (const clause of clauses) {
        whole.add(clause);
        if (clause.length === 2) spilling.add2(clause[0]!, clause[1]!);
        else spilling.add(clause);
      }
      expect(chunks.length).toBeGreaterThan(10);
      // It holds less than a chunk and the clause that filled it.
      expect(spilling.flat().lits.length).toBeLessThan(100);
      const held = Array.from({ length: spilling.flat().ends.length }, (_, k) => spilling.clause(k));
      expect([...chunks.flat(), ...held]).toEqual(clausesOf(whole));
      expect(spilling.numClauses).toBe(whole.numClauses);
      expect(spilling.numLiterals).toBe(whole.numLiterals);
      expect(spilling.numVars).toBe(whole.numVars);
    }
  });
});
