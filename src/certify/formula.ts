/**
 * The CNF a certificate is about, built the same way by the maker and by the verifier (which
 * rebuilds it from the puzzle rather than trusting the file): the complete layered formula of
 * src/solve/formula.ts (uniqueness pairs, non-adjacency, distance-layer connectivity, the
 * convention's rule) and, for `unique`, the clause that blocks the solution found.
 */
import type { HitoriVars } from '../../encodings/variables.js';
import type { Convention } from '../puzzle/convention.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import type { Cnf } from '../sat/cnf.js';
import { HitoriFormula } from '../solve/formula.js';
import { cnfPuzzleComment } from './layout.js';

export interface CertificateCnf {
  readonly cnf: Cnf;
  readonly vars: HitoriVars;
  readonly encoding: string;
}

/**
 * The largest CNF a certificate holds, in literals: an in-process solve's bound (src/solve/solve.ts),
 * which the layered CNF reaches between 40x40 and 50x50. A larger grid is refused with its size
 * (TooLargeError) before anything is built: a 1000x1000 grid's would have billions of literals.
 */
const maxCertificateLiterals = 25e6;

function certificateFormula(convention: Convention) {
  return {
    connectivity: 'layers',
    convention,
    maxLiterals: maxCertificateLiterals,
    advice: 'a certificate holds the complete layered CNF; solve without --certificate',
  } as const;
}

/** TooLargeError when the puzzle's certificate CNF is over the bound: asked before the solve, which it would waste. */
export function assertCertificateFits(puzzle: Puzzle, convention: Convention): void {
  HitoriFormula.expectedSize(puzzle, certificateFormula(convention));
}

export function certificateCnf(puzzle: Puzzle, convention: Convention, blocked?: Shading): CertificateCnf {
  // The bound also has the formula estimate its size and make room at once, rather than grow its
  // arrays by doubling (a layered 17x17 is 118,000 clauses, built on every check).
  const formula = new HitoriFormula(puzzle, certificateFormula(convention));
  formula.comment(`hitori-sat certificate CNF: ${cnfPuzzleComment(puzzle)}`);
  formula.comment(
    `encoding ${formula.encoding}: uniqueness pairs, non-adjacency, distance layers from a fixed ground cell${blocked === undefined ? '' : ', and last the clause blocking the solution found'}`,
  );
  formula.comment(`variable v in 1..${puzzle.rows * puzzle.cols} is true when cell (r,c) is shaded, v = (r-1)*${puzzle.cols} + c`);
  if (blocked !== undefined) formula.add(blocked.map((shaded, i) => (shaded ? -formula.shaded(i) : formula.shaded(i))));
  return { cnf: formula.take(), vars: formula.vars, encoding: formula.encoding };
}
