/**
 * The DIMACS export and its way back: the complete CNF of a puzzle (the layered connectivity, so
 * that any solver's answer is an answer about the puzzle), and a solver's model mapped back to the
 * grid and checked. The variables 1..rows·cols are the cells' shading, row-major: the contract
 * that lets `decode` read any solver's model.
 */
import { blockingClause, encodeHitori } from '../../../encodings/index.js';
import { assertCnfFits, type CnfSize } from '../../../encodings/size.js';
import { HitoriVars } from '../../../encodings/variables.js';
import { InputError } from '../../control/errors.js';
import type { Limit } from '../../control/limit.js';
import { checkShading } from '../../puzzle/check.js';
import type { Convention } from '../../puzzle/convention.js';
import type { Puzzle, Shading } from '../../puzzle/puzzle.js';
import { dimacsByteLength, dimacsChunks, parseSolverOutput } from '../../sat/dimacs.js';
import type { DecodeRequest, DecodeResult } from '../decode/request.js';
import type { DimacsRequest, DimacsResult } from './request.js';

/**
 * The largest CNF the export builds, in literals: about 1 GB of DIMACS text, and under 1.5 GB of
 * memory while building it (a layered 50x50 has 41 million).
 */
const maxDimacsLiterals = 100e6;

/** The layered CNF's variable count, or a TooLargeError saying why the export refuses the grid. */
function layeredSize(puzzle: Puzzle, convention: Convention, why: string, limit: Limit): CnfSize {
  return assertCnfFits(puzzle, 'layers', convention, maxDimacsLiterals, why, () => limit.check());
}

export function dimacsOf(request: DimacsRequest, limit: Limit): DimacsResult {
  const { puzzle, block } = request;
  const convention = request.convention ?? 'literal';
  const expected = layeredSize(puzzle, convention, 'the export is always the complete layered CNF; `solve` works without it', limit);
  const { cnf, vars } = encodeHitori(puzzle, { convention, expected, checkpoint: () => limit.check() });
  limit.check();
  if (block !== undefined) {
    // "UNSATISFIABLE <=> unique" holds only for a solution: blocking a shading that breaks the
    // rules leaves every real solution in, so an UNSATISFIABLE answer would prove nothing.
    const violations = checkShading(puzzle, block, convention);
    if (violations.length > 0)
      throw new InputError(
        `the shading to block is not a solution of the puzzle under convention ${convention} (${violations[0]!.message}), so blocking it proves nothing`,
        {},
        request.blockSource ?? 'block',
      );
    const from = request.blockSource === undefined ? 'the given solution' : `the solution in ${request.blockSource}`;
    cnf.comments.push(`blocked: ${from}; UNSATISFIABLE means it is the only one`);
    cnf.add(blockingClause(vars, block));
  }
  return { variables: cnf.numVars, clauses: cnf.numClauses, chunks: () => dimacsChunks(cnf), bytes: () => dimacsByteLength(cnf) };
}

export function decodeModel(request: DecodeRequest, limit: Limit): DecodeResult {
  const { puzzle } = request;
  const convention = request.convention ?? 'literal';
  const source = request.modelSource ?? 'model';
  // The model belongs to the layered CNF the export writes for this puzzle (a blocked solution
  // adds no variables): a literal beyond its variables means a model of another puzzle or size.
  const { variables } = layeredSize(puzzle, convention, '`dimacs` does not export it', limit);
  let answer: ReturnType<typeof parseSolverOutput>;
  try {
    answer = parseSolverOutput(request.model, variables);
  } catch (error) {
    throw error instanceof InputError ? error.withSource(source) : error;
  }
  limit.check();
  if (answer.status === 'unsatisfiable') return { status: 'none' };
  if (answer.status === 'unknown') return { status: 'unknown' };
  const n = puzzle.rows * puzzle.cols;
  const vars = new HitoriVars(puzzle);
  const shading: Shading = Array.from({ length: n }, (_, i) => {
    const value = answer.values[vars.shaded(i)] ?? 0;
    if (value === 0)
      throw new InputError(
        `the model gives no value for variable ${vars.shaded(i)} (a cell's shading variable; the puzzle has ${n} cells)`,
        {},
        source,
      );
    return value === 1;
  });
  const violations = checkShading(puzzle, shading, convention);
  return { status: violations.length === 0 ? 'valid' : 'invalid', shading, violations };
}
