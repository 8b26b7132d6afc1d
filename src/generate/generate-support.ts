/**
 * Which (size, class, symmetry) the generator takes on, by measurement: generate-reach.ts is the
 * table `npm run bench:generate-class` wrote (BENCH.md, generate-by-class), where a combination
 * is within reach when every bench run made its puzzle within the cap (10 s, one thread). A
 * choice out of reach is refused up front with the measurement, instead of searching for ever.
 *
 * The table measures square boards of the web page's sizes, the default symbols (max(rows, cols))
 * and the literal convention, with no pattern; a choice takes the verdict of the smallest
 * measured size at least max(rows, cols) (the largest measured size beyond the table), since
 * a bigger board is never easier to aim. Other conventions, symbol counts and patterns are not
 * refused: the time limit bounds them. Cheap to load (no solver), for the page's menus.
 */
import type { Level } from '../rules/types.js';
import type { Symmetry } from './generate-choices.js';
import { reach, reachCapMs, reachDate, reachRuns } from './generate-reach.js';

export interface GenerationChoice {
  readonly rows: number;
  readonly cols: number;
  readonly class?: Level;
  readonly symmetry?: Symmetry;
  readonly symbols?: number;
  readonly convention?: string;
  /** A pattern given (the shading itself): never refused by the table. */
  readonly pattern?: unknown;
}

export interface Reach {
  /** The measured size whose verdict holds (rows = cols). */
  readonly size: number;
  /** Puzzles the bench made, of runs tried. */
  readonly made: number;
  readonly tried: number;
  /** p95 of the made puzzles' times, ms (null when none was made). */
  readonly p95Ms: number | null;
  readonly withinReach: boolean;
}

/** Rows: size, class ('any'), symmetry ('none'), puzzles made, runs tried, p95 ms of those made. */
type ReachRow = readonly [number, string, string, number, number, number | null];

/** A measurement of reach: the runs per combination, the cap, the date, the rows. */
export interface ReachTable {
  readonly runs: number;
  readonly capMs: number;
  readonly date: string;
  readonly rows: readonly ReachRow[];
}

/** The bench's table (generate-reach.ts). */
const measuredReach: ReachTable = { runs: reachRuns, capMs: reachCapMs, date: reachDate, rows: reach };

const symmetryNames: Record<Symmetry, string> = { rot180: 'a half turn (rot180)', mirror: 'a mirror', diagonal: 'a diagonal symmetry' };

/** The bench's measurement that holds for the choice, or null when the table does not cover it. */
export function generationReach(choice: GenerationChoice, table: ReachTable = measuredReach): Reach | null {
  if (choice.pattern !== undefined || (choice.convention !== undefined && choice.convention !== 'literal')) return null;
  if (choice.symbols !== undefined && choice.symbols !== Math.max(choice.rows, choice.cols)) return null;
  const sizes = [...new Set(table.rows.map((row) => row[0]))].sort((a, b) => a - b);
  if (sizes.length === 0) return null;
  const line = Math.max(choice.rows, choice.cols);
  const size = sizes.find((s) => s >= line) ?? sizes[sizes.length - 1]!;
  const row = table.rows.find((r) => r[0] === size && r[1] === (choice.class ?? 'any') && r[2] === (choice.symmetry ?? 'none'));
  if (row === undefined) return null;
  const [, , , made, tried, p95Ms] = row;
  return { size, made, tried, p95Ms, withinReach: made === table.runs && made === tried };
}

/**
 * Why the generator refuses the choice (one line: the class, the size and the measurement), or
 * null when it takes it on. The web page calls this up front to grey out or explain a choice.
 */
export function generationProblem(choice: GenerationChoice, table: ReachTable = measuredReach): string | null {
  const measured = generationReach(choice, table);
  if (measured === null || measured.withinReach) return null;
  const what = `${choice.class === undefined ? 'any class' : `class ${choice.class}`}${choice.symmetry === undefined ? '' : ` with ${symmetryNames[choice.symmetry]}`}`;
  const size = `${choice.rows}x${choice.cols}`;
  const basis =
    measured.size === Math.max(choice.rows, choice.cols) && choice.rows === choice.cols ? '' : ` (as ${measured.size}x${measured.size})`;
  return (
    `${what} at ${size} is out of reach${basis}: ${measured.made} of ${measured.tried} bench runs made a puzzle within ` +
    `${table.capMs / 1000} s on one thread (BENCH.md, generate-by-class, ${table.date})`
  );
}
