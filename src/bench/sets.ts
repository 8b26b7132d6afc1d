/**
 * A benchmark set: a JSON Lines file in the format of `bench/sets/` (read by `parseJsonLines`),
 * with what each line says about the puzzle's solutions turned into an expectation.
 *
 * - `solution` given: the answer must be `unique` with exactly that shading.
 * - else `solutions` given: 0 means `none`, 1 `unique`, 2 (or more) `multiple`.
 * - else nothing is known: any answer that passes the checker counts as correct.
 *
 * A `solution` that does not fit the grid, or a `solutions` that is not a count, is bad input,
 * reported with its line.
 */
import { InputError } from '../formats/input-error.js';
import { parseJsonLines } from '../formats/json.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';

export type Expected =
  | { readonly kind: 'solution'; readonly shading: Shading }
  | { readonly kind: 'verdict'; readonly verdict: 'none' | 'unique' | 'multiple' }
  | { readonly kind: 'unknown' };

export interface BenchRecord {
  readonly puzzle: Puzzle;
  /** The puzzle's `id`, or `line N` when it has none. */
  readonly id: string;
  /** Its line in the file (1-based). */
  readonly line: number;
  readonly expected: Expected;
}

export interface BenchSet {
  /** How the set is named in reports: the path as given. */
  readonly name: string;
  readonly records: readonly BenchRecord[];
}

/**
 * Parses the text of a set file; errors are InputErrors attributed to `name`, with the line.
 * `limit` keeps only the first puzzles (file order).
 */
export function parseBenchSet(text: string, name: string, limit?: number): BenchSet {
  const attribute = (error: unknown) => (error instanceof InputError ? error.withSource(name) : error);
  let parsed: ReturnType<typeof parseJsonLines>;
  try {
    parsed = parseJsonLines(text);
  } catch (error) {
    throw attribute(error);
  }
  if (parsed.length === 0) throw new InputError('no puzzles (expected one JSON object per line)', {}, name);
  const kept = limit === undefined ? parsed : parsed.slice(0, limit);
  const records = kept.map((record, k): BenchRecord => {
    const line = record.line ?? k + 1;
    const { puzzle } = record;
    try {
      return { puzzle, id: puzzle.id ?? `line ${line}`, line, expected: expectation(puzzle, record.solution, record.solutions, line) };
    } catch (error) {
      throw attribute(error);
    }
  });
  return { name, records };
}

function expectation(puzzle: Puzzle, solution: unknown, solutions: number | undefined, line: number): Expected {
  if (solutions !== undefined && !(Number.isSafeInteger(solutions) && solutions >= 0)) {
    throw new InputError(`"solutions" is ${JSON.stringify(solutions)}, expected 0, 1 or 2 (two or more)`, { line });
  }
  if (solution !== undefined) {
    if (solutions !== undefined && solutions !== 1)
      throw new InputError(`"solutions" is ${solutions} but a unique "solution" is given`, { line });
    return { kind: 'solution', shading: solutionShading(puzzle, solution, line) };
  }
  if (solutions === undefined) return { kind: 'unknown' };
  return { kind: 'verdict', verdict: solutions === 0 ? 'none' : solutions === 1 ? 'unique' : 'multiple' };
}

/** A `solution` (rows of 0/1 of the grid's size) as a shading. */
function solutionShading(puzzle: Puzzle, solution: unknown, line: number): boolean[] {
  if (!Array.isArray(solution) || solution.length !== puzzle.rows) {
    throw new InputError(`"solution" must have ${puzzle.rows} rows like the grid`, { line });
  }
  const shading: boolean[] = [];
  solution.forEach((row: unknown, r) => {
    if (!Array.isArray(row) || row.length !== puzzle.cols)
      throw new InputError(`"solution" row ${r + 1} must have ${puzzle.cols} cells`, { line, row: r + 1 });
    row.forEach((cell: unknown, c) => {
      if (cell !== 0 && cell !== 1)
        throw new InputError(`"solution" cell is ${JSON.stringify(cell)}, expected 0 or 1`, { line, row: r + 1, column: c + 1 });
      shading.push(cell === 1);
    });
  });
  return shading;
}
