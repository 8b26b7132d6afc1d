/**
 * A benchmark set: a JSON Lines file in the format of `bench/sets/` (read by `parseJsonLines`),
 * with what each line says about the puzzle's solutions turned into an expectation.
 *
 * - `solution` given: the answer must be `unique` with exactly that shading.
 * - else `solutions` given: 0 means `none`, 1 `unique`, 2 (or more) `multiple`.
 * - else nothing is known: any answer that passes the checker counts as correct.
 *
 * A `solution` that does not fit the grid, or a `solutions` that is not a count, is bad input,
 * reported with its line (by `parseJsonLines`, which never drops a malformed field).
 */
import { parseJsonLines } from '../formats/json.js';
import { shadingFromGrid, type Puzzle, type Shading } from '../puzzle/puzzle.js';
import { InputError } from '../control/errors.js';

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
      return { puzzle, id: puzzle.id ?? `line ${line}`, line, expected: expectation(record.solution, record.solutions, line) };
    } catch (error) {
      throw attribute(error);
    }
  });
  return { name, records };
}

/** What the record says, as an expectation; `parseJsonLines` has checked the fields' shapes. */
function expectation(solution: number[][] | undefined, solutions: number | undefined, line: number): Expected {
  if (solution !== undefined) {
    if (solutions !== undefined && solutions !== 1)
      throw new InputError(`"solutions" is ${solutions} but a unique "solution" is given`, { line });
    return { kind: 'solution', shading: shadingFromGrid(solution) };
  }
  if (solutions === undefined) return { kind: 'unknown' };
  return { kind: 'verdict', verdict: solutions === 0 ? 'none' : solutions === 1 ? 'unique' : 'multiple' };
}
