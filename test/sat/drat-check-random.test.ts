/**
 * The DRAT checker against brute force on small random formulas: whether a formula is
 * unsatisfiable is decided by trying every assignment, and the checker must accept the
 * tree-resolution proof below exactly when it is (with deletions of the lemmas already used
 * interleaved, in text and in binary), and never accept any proof of a satisfiable formula.
 */
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../support/brute-force.js';
import { Cnf } from '../../src/sat/cnf.js';
import { checkDrat } from '../../src/sat/drat-check.js';
import { binaryDrat, type DratStep, textDrat } from '../support/drat.js';

function satisfiable(variables: number, clauses: number[][]): boolean {
  for (let m = 0; m < 1 << variables; m++)
    if (clauses.every((c) => c.some((lit) => ((m >> (Math.abs(lit) - 1)) & 1) === (lit > 0 ? 1 : 0)))) return true;
  return false;
}

/**
 * For k = n down to 0, one lemma per assignment σ of x1..xk: the clause σ falsifies. At k = n it
 * is RUP when σ falsifies a clause of F (always, when F is unsatisfiable); below, σ with x(k+1)
 * and with ¬x(k+1) are both lemmas already, so unit propagation under σ conflicts. The level
 * k + 1 lemmas are deleted once level k is written (in another literal order, one repeated).
 */
function treeProof(variables: number): DratStep[] {
  const steps: DratStep[] = [];
  let previous: number[][] = [];
  for (let k = variables; k >= 0; k--) {
    const level: number[][] = [];
    for (let m = 0; m < 1 << k; m++) level.push(Array.from({ length: k }, (_, j) => ((m >> j) & 1 ? -(j + 1) : j + 1)));
    for (const lits of level) steps.push({ deleted: false, lits });
    for (const lits of previous) steps.push({ deleted: true, lits: [...lits].reverse().concat(lits.slice(0, 1)) });
    previous = level;
  }
  return steps;
}

describe('DRAT checker against brute force', () => {
  const rng = mulberry32(33);
  const int = (n: number) => Math.floor(rng() * n);
  const formulas = Array.from({ length: 400 }, () => {
    const variables = 2 + int(4);
    const clauses = Array.from({ length: 1 + int(16) }, () =>
      Array.from({ length: 1 + int(3) }, () => (int(2) ? 1 : -1) * (1 + int(variables))),
    );
    return { variables, clauses };
  });

  it('accepts the tree-resolution proof exactly when the formula is unsatisfiable', () => {
    let refuted = 0;
    for (const { variables, clauses } of formulas) {
      const cnf = new Cnf();
      for (const c of clauses) cnf.add(c);
      const unsatisfiable = !satisfiable(variables, clauses);
      const steps = treeProof(variables);
      expect(checkDrat(cnf, binaryDrat(steps)).verified, JSON.stringify(clauses)).toBe(unsatisfiable);
      expect(checkDrat(cnf, textDrat(steps)).verified, JSON.stringify(clauses)).toBe(unsatisfiable);
      if (unsatisfiable) refuted++;
    }
    // Both kinds are well represented.
    expect(refuted).toBeGreaterThan(50);
    expect(refuted).toBeLessThan(350);
  });

  it('never accepts a proof of a satisfiable formula, however its steps are drawn', () => {
    for (const { variables, clauses } of formulas) {
      if (!satisfiable(variables, clauses)) continue;
      const cnf = new Cnf();
      for (const c of clauses) cnf.add(c);
      // Resolvents, fresh variables (RAT candidates), deletions of clauses of F, random clauses, then the empty clause.
      const steps: DratStep[] = [];
      for (let s = 0; s < 12; s++) {
        const kind = int(4);
        const lit = () => (int(2) ? 1 : -1) * (1 + int(variables + (kind === 1 ? 2 : 0)));
        if (kind === 2) steps.push({ deleted: true, lits: clauses[int(clauses.length)]! });
        else steps.push({ deleted: false, lits: Array.from({ length: int(3) + (kind === 0 ? 1 : 0) }, lit) });
      }
      steps.push({ deleted: false, lits: [] });
      expect(checkDrat(cnf, binaryDrat(steps)).verified, JSON.stringify({ clauses, steps })).toBe(false);
    }
  });
});
