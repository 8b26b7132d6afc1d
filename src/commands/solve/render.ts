/** The text and JSON forms of a solve's outcome, shared by `solve` and `decode`. */
import { cellLabel, shadingToGrid, toGrid, type Puzzle, type Shading } from '../../puzzle/puzzle.js';
import type { EngineResult } from '../../solve/engines.js';
import { paint, renderShading, type TextStyle } from '../../render/text.js';

/** A cell as the JSON reports name it: row and column, 1-based. */
interface CellRef {
  row: number;
  col: number;
}

/**
 * A solve's outcome as JSON. It holds the puzzle (`rows`, `cols`, `grid`), so that `solve` reads
 * it back as a JSON puzzle document (formats/json.ts).
 */
export interface SolveReport {
  id: string | null;
  rows: number;
  cols: number;
  /** The puzzle's numbers, rows of positive integers (the JSON format's `grid`). */
  grid: number[][];
  status: EngineResult['status'];
  /** The first solution, rows of 1 (shaded) / 0 (unshaded), or null. */
  solution: number[][] | null;
  /** When stuck: rows of 1 shaded / 0 unshaded / null undecided. */
  partial?: (number | null)[][];
  solutions: number[][][];
  solutionsFound: number;
  /** When two or more solutions were found: the cells where the first two differ (why the puzzle is not unique). */
  differ?: CellRef[];
  /** True when the solver proved there are no solutions beyond those listed. */
  complete: boolean;
  convention: string;
  engine: string;
  /** The SAT backend, or null when the rule engine needed none. */
  backend: string | null;
  /** How the verdict was proven: by deductions alone, or by the SAT solver; null without a verdict (timeout, stuck). */
  proof: EngineResult['proof'];
  encoding: string;
  variables: number;
  clauses: number;
  /** Connectivity cuts added while solving (lazy connectivity). */
  cuts: number;
  timeMs: number;
  /** Why the listing ended early with its verdict proven (SatResult.stopped). */
  stopped?: string;
}

export function solveReport(puzzle: Puzzle, result: EngineResult): SolveReport {
  const solutions = result.solutions.map((s) => shadingToGrid(puzzle, s));
  return {
    id: puzzle.id ?? null,
    rows: puzzle.rows,
    cols: puzzle.cols,
    grid: toGrid(puzzle, puzzle.values),
    status: result.status,
    solution: solutions[0] ?? null,
    solutions,
    solutionsFound: solutions.length,
    ...(result.differ === undefined ? {} : { differ: result.differ.map((i) => cellRef(puzzle.cols, i)) }),
    complete: result.complete,
    ...(result.partial
      ? {
          partial: toGrid(
            puzzle,
            result.partial.map((s) => (s === null ? null : s ? 1 : 0)),
          ),
        }
      : {}),
    convention: result.convention,
    engine: result.engine,
    backend: result.backend,
    proof: result.proof,
    encoding: result.encoding,
    variables: result.variables,
    clauses: result.clauses,
    cuts: result.cuts,
    timeMs: Math.round(result.timeMs * 1000) / 1000,
    ...(result.stopped === undefined ? {} : { stopped: result.stopped }),
  };
}

/**
 * `solveReport` as JSON text, each solution's grid given as JSON text by `grid` (by default
 * rendered here; see RenderedGrids). The same text as `JSON.stringify(solveReport(...))`.
 */
export function solveJson(puzzle: Puzzle, result: EngineResult, grid: (s: Shading) => string = (s) => gridJson(puzzle, s)): string {
  const {
    id,
    rows,
    cols,
    grid: numbers,
    status,
    solution: _first,
    solutions: _all,
    solutionsFound: _n,
    differ: _differ,
    ...rest
  } = solveReport(puzzle, {
    ...result,
    solutions: [],
  });
  const grids = result.solutions.map(grid);
  const differ = result.differ === undefined ? {} : { differ: result.differ.map((i) => cellRef(cols, i)) };
  // The report's own key order: id, rows, cols, grid, status, solution, solutions, solutionsFound, differ, then the rest.
  const head = JSON.stringify({ id, rows, cols, grid: numbers, status }).slice(0, -1);
  const tail = JSON.stringify({ solutionsFound: grids.length, ...differ, ...rest }).slice(1);
  return `${head},"solution":${grids[0] ?? 'null'},"solutions":[${grids.join(',')}],${tail}`;
}

function cellRef(cols: number, i: number): CellRef {
  return { row: Math.floor(i / cols) + 1, col: (i % cols) + 1 };
}

/** One solution's grid as the JSON report lists it: rows of 1 (shaded) / 0 (unshaded). */
export function gridJson(puzzle: Pick<Puzzle, 'rows' | 'cols'>, shading: Shading): string {
  return JSON.stringify(shadingToGrid(puzzle, shading));
}

/**
 * Each solution's grid in one output form, rendered once. `solve` renders each solution as the
 * engine finds it (`add`): when a time limit ends a listing of thousands, printing them is then a
 * join, not a rendering of them all after the limit (2,500 grids of 20x20 took 50-250 ms, most
 * of a 1000 ms limit's overshoot). A solution never added is rendered when asked for.
 */
export class RenderedGrids {
  private readonly texts = new WeakMap<Shading, string>();

  constructor(private readonly render: (shading: Shading) => string) {}

  add(shading: Shading): void {
    this.texts.set(shading, this.render(shading));
  }

  get(shading: Shading): string {
    return this.texts.get(shading) ?? this.render(shading);
  }
}

/**
 * The grids, then one verdict line that names the convention, the engine and what it used; each
 * solution's grid given by `grid` (by default rendered here; see RenderedGrids).
 */
export function solveText(
  puzzle: Puzzle,
  result: EngineResult,
  style: TextStyle = {},
  grid: (s: Shading) => string = (s) => renderShading(puzzle, s, style),
): string {
  const grids = result.solutions.map((s: Shading, k) => (result.solutions.length > 1 ? `solution ${k + 1}:\n` : '') + grid(s));
  if (result.partial) grids.push(renderShading(puzzle, result.partial, style));
  if (result.differ !== undefined) grids.push(`${differLine(puzzle, result.differ)}\n`);
  return `${grids.join('\n')}${solveVerdict(puzzle, result, style)}\n`;
}

/** Where the first two solutions differ, as a line of cell labels: "differ: r1c1 r1c2 (...)". */
function differLine(puzzle: Pick<Puzzle, 'cols'>, differ: readonly number[]): string {
  const n = differ.length;
  return `differ: ${differ.map((i) => cellLabel(puzzle.cols, i)).join(' ')} (${n} cell${n === 1 ? '' : 's'} where solutions 1 and 2 differ)`;
}

/** The verdict line of solveText (without its newline): what was found, and how. */
export function solveVerdict(puzzle: Puzzle, result: EngineResult, style: TextStyle = {}): string {
  const how = [`convention ${result.convention}`];
  if (result.engine !== 'sat') how.push(`engine ${result.engine}`);
  const { rules } = result;
  if (rules)
    how.push(
      `rules decided ${rules.decided} of ${puzzle.rows * puzzle.cols} cells${rules.hardest ? `, hardest class ${rules.hardest}` : ''}`,
    );
  if (result.proof === 'deduction' && result.engine === 'hybrid') how.push('proven by deduction, no SAT call');
  if (result.backend) {
    how.push(`backend ${result.backend}`, `encoding ${result.encoding}`);
    how.push(`${result.variables} variables, ${result.clauses} clauses${result.cuts > 0 ? ` + ${result.cuts} cuts` : ''}`);
  }
  how.push(`${result.timeMs.toFixed(1)} ms`);
  const n = result.solutions.length;
  const undecided = result.partial?.filter((s) => s === null).length ?? 0;
  const verdict = {
    unique: 'unique solution, proven: no other shading satisfies the rules',
    multiple: result.complete
      ? `exactly ${n} solutions`
      : `multiple solutions (${n} shown; ${result.stopped === undefined ? 'there may be more' : `the listing stopped: ${result.stopped}`})`,
    none: 'no solution',
    timeout: n > 0 ? `time limit reached after ${n} solution(s); uniqueness not decided` : 'time limit reached before a solution was found',
    stuck: `stuck: the rules alone leave ${undecided} cell(s) undecided, shown in brackets${rules?.usedUniqueness ? '; some deductions assume the solution is unique' : ''} (try --engine hybrid or sat)`,
  }[result.status];
  const tone = ({ unique: 'good', multiple: 'warn', none: 'bad', timeout: 'bad', stuck: 'warn' } as const)[result.status];
  return `${paint(verdict, tone, style)} (${how.join(', ')})`;
}
