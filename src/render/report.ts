/** The text and JSON forms of a solve's outcome, shared by `solve` and `decode`. */
import { shadingToGrid, type Puzzle, type Shading } from '../puzzle/puzzle.js';
import type { SolveResult } from '../solve/solve.js';
import { renderShading } from './text.js';

export interface SolveReport {
  id: string | null;
  rows: number;
  cols: number;
  status: SolveResult['status'];
  /** The first solution, rows of 1 (shaded) / 0 (unshaded), or null. */
  solution: number[][] | null;
  solutions: number[][][];
  solutionsFound: number;
  /** True when the solver proved there are no solutions beyond those listed. */
  complete: boolean;
  convention: string;
  backend: string;
  encoding: string;
  variables: number;
  clauses: number;
  /** Connectivity cuts added while solving (lazy connectivity). */
  cuts: number;
  timeMs: number;
}

export function solveReport(puzzle: Puzzle, result: SolveResult): SolveReport {
  const solutions = result.solutions.map((s) => shadingToGrid(puzzle, s));
  return {
    id: puzzle.id ?? null,
    rows: puzzle.rows,
    cols: puzzle.cols,
    status: result.status,
    solution: solutions[0] ?? null,
    solutions,
    solutionsFound: solutions.length,
    complete: result.complete,
    convention: result.convention,
    backend: result.backend,
    encoding: result.encoding,
    variables: result.variables,
    clauses: result.clauses,
    cuts: result.cuts,
    timeMs: Math.round(result.timeMs * 1000) / 1000,
  };
}

/** The grids, then one verdict line that names the convention, backend and encoding. */
export function solveText(puzzle: Puzzle, result: SolveResult): string {
  const grids = result.solutions.map((s: Shading, k) => (result.solutions.length > 1 ? `solution ${k + 1}:\n` : '') + renderShading(puzzle, s));
  const how = `convention ${result.convention}, backend ${result.backend}, encoding ${result.encoding}, ${result.variables} variables, ${result.clauses} clauses${result.cuts > 0 ? ` + ${result.cuts} cuts` : ''}, ${result.timeMs.toFixed(1)} ms`;
  const n = result.solutions.length;
  const verdict = {
    unique: 'unique solution, proven: no other shading satisfies the rules',
    multiple: result.complete ? `exactly ${n} solutions` : `multiple solutions (${n} shown; there may be more)`,
    none: 'no solution',
    timeout: n > 0 ? `time limit reached after ${n} solution(s); uniqueness not decided` : 'time limit reached before a solution was found',
  }[result.status];
  return `${grids.join('\n')}${verdict} (${how})\n`;
}
