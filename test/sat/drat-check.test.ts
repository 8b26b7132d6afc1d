/**
 * The DRAT checker against known truths: hand-written proofs of small unsatisfiable formulas
 * (x ∧ ¬x, the four clauses over two variables, a RAT step that introduces a fresh variable),
 * proofs that must be rejected (a satisfiable formula, a lemma that does not follow, a proof cut
 * short), and the committed CaDiCaL proofs of examples/maxblack/proofs, accepted as written and
 * rejected once a lemma is corrupted.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { maxBlackCnf } from '../../src/maxblack/maxblack-refute.js';
import { parseDimacs, toDimacs } from '../../src/sat/dimacs.js';
import { checkDrat, dratSteps } from '../../src/sat/drat-check.js';
import { binaryDrat } from '../support/drat.js';

const text = (s: string) => new TextEncoder().encode(s);
const cnfOf = (s: string) => parseDimacs(s);
const proofs = new URL('../../examples/maxblack/proofs/', import.meta.url);

describe('DRAT checker', () => {
  it('accepts a formula refuted by unit propagation alone, with an empty proof', () => {
    expect(checkDrat(cnfOf('p cnf 1 2\n1 0\n-1 0\n'), text('')).verified).toBe(true);
  });

  it('accepts the RUP proof of the four clauses over two variables, in text and in binary', () => {
    const f = cnfOf('p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n');
    expect(checkDrat(f, text('1 0\n0\n')).verified).toBe(true);
    expect(
      checkDrat(
        f,
        binaryDrat([
          { deleted: false, lits: [1] },
          { deleted: false, lits: [] },
        ]),
      ).verified,
    ).toBe(true);
  });

  it('accepts a RAT step on a fresh variable, and counts it', () => {
    const f = cnfOf('p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n');
    const r = checkDrat(f, text('3 0\n1 0\n0\n'));
    expect(r).toMatchObject({ verified: true, ratSteps: 1 });
  });

  it('rejects a proof of a satisfiable formula: its empty clause is not RUP', () => {
    const r = checkDrat(cnfOf('p cnf 2 2\n1 2 0\n-1 -2 0\n'), text('1 0\n0\n'));
    expect(r.verified).toBe(false);
    expect(r.reason).toContain('neither RUP nor RAT');
  });

  it('rejects a proof that stops before the empty clause', () => {
    const f = cnfOf('p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n');
    expect(checkDrat(f, text('d 1 2 0\n')).reason).toBe('the proof does not derive the empty clause');
  });

  it('rejects a lemma that does not follow once its supporting clause is deleted', () => {
    const f = cnfOf('p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n');
    expect(checkDrat(f, text('d 1 -2 0\n1 0\n0\n')).verified).toBe(false);
  });

  it('reads text DRAT with comments, CRLF line ends, tabs, a clause split over lines and a deletion on its own line', () => {
    const proof = text('c made by hand\r\n   c an indented comment\r\n1\t2 0\r\nd\r\n2  1\r\n0\r\n-3 0\n');
    const steps = [
      { deleted: false, lits: [1, 2] },
      { deleted: true, lits: [2, 1] },
      { deleted: false, lits: [-3] },
    ];
    expect([...dratSteps(proof)]).toEqual(steps);
    expect([...dratSteps(binaryDrat(steps))]).toEqual(steps);
  });

  it('checks a text proof laid out with CRLF, comments and split clauses as it checks the plain one', () => {
    const f = cnfOf('p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n');
    expect(checkDrat(f, text('c the unit first\r\n1\r\n0\r\nc then the empty clause\r\n  0\r\n')).verified).toBe(true);
    expect(checkDrat(f, text('c only a comment\r\n')).reason).toBe('the proof does not derive the empty clause');
  });

  it('refuses text DRAT that ends inside a clause or holds a token that is not a literal', () => {
    const f = cnfOf('p cnf 3 1\n1 2 3 0\n');
    expect(() => checkDrat(f, text('1 2 0\n-3'))).toThrow('text DRAT: the proof ends inside a clause');
    for (const token of ['x', '1.5', '1e2', '--1', '-', '2c'])
      expect(() => checkDrat(f, text(`1 ${token} 0\n`)), token).toThrow(`text DRAT: not a literal: ${token}`);
  });

  it('refuses a binary proof cut inside a clause or with a step that is neither an addition nor a deletion', () => {
    const f = cnfOf('p cnf 3 1\n1 2 3 0\n');
    const whole = binaryDrat([{ deleted: false, lits: [1, -2] }]);
    expect(() => checkDrat(f, whole.subarray(0, whole.length - 1))).toThrow('binary DRAT: the proof ends inside a clause');
    expect(() => checkDrat(f, Uint8Array.from([0x61, 2, 0, 0x78, 2, 0]))).toThrow('binary DRAT: unexpected byte 120 at 3');
  });

  for (const name of ['2x6-at-least-4', '4x8-at-least-11']) {
    it(`accepts CaDiCaL's proof that no valid ${name.replace('-at-least-', ' shading has ')} shaded cells, on the CNF the encoder makes`, () => {
      const [rows, cols, k] = name.split(/x|-at-least-/).map(Number) as [number, number, number];
      const cnfText = readFileSync(new URL(`${name}.cnf`, proofs), 'utf8');
      expect(cnfText).toBe(toDimacs(maxBlackCnf(rows, cols, k)));
      const proof = readFileSync(new URL(`${name}.drat`, proofs));
      expect(checkDrat(parseDimacs(cnfText), proof).verified).toBe(true);
    });
  }

  it('rejects the committed 4x8 proof with one lemma corrupted (a literal of a long lemma negated)', () => {
    const f = parseDimacs(readFileSync(new URL('4x8-at-least-11.cnf', proofs), 'utf8'));
    const steps = [...dratSteps(readFileSync(new URL('4x8-at-least-11.drat', proofs)))];
    // Negating one literal of every addition of at least 3 literals: at least one is then not implied.
    const bad = steps.map((s) => (s.deleted || s.lits.length < 3 ? s : { deleted: false, lits: [-s.lits[0]!, ...s.lits.slice(1)] }));
    expect(checkDrat(f, binaryDrat(bad)).verified).toBe(false);
    // Leaving out all additions but the last (the empty clause) is rejected too.
    const cut = steps.filter((s, k) => s.deleted || k === steps.length - 1);
    expect(checkDrat(f, binaryDrat(cut)).verified).toBe(false);
  });
});
