/**
 * The text and JSON forms of `explain`: a solve by the rule engine told step by step. Rows and
 * columns are 1-based everywhere, as in every message.
 */
import type { Puzzle } from '../../puzzle/puzzle.js';
import {
  numberedSteps,
  verdict,
  type Deduction,
  type ExplainRun,
  type Level,
  type RulesStatus,
  type TechniqueCode,
} from '../../rules/index.js';
import { asciiText, paint, renderShading, shadingBytes, type TextStyle } from '../../render/text.js';

interface CellRef {
  row: number;
  col: number;
}

export interface ExplainJson {
  id: string | null;
  rows: number;
  cols: number;
  status: RulesStatus;
  /** True: the solution is the only one; false: a second solution exists; null: not known (not solved). */
  unique: boolean | null;
  usedUniqueness: boolean;
  assumedUnique: boolean;
  /** The class (A..G) of the hardest technique that changed the board. */
  hardest: Level | null;
  timedOut: boolean;
  undecided: number;
  contradiction: { reason: string; cells: CellRef[] } | null;
  steps: StepJson[];
  /** Rows of 1 black / 0 white / null undecided. */
  board: (0 | 1 | null)[][];
  timeMs: number;
}

/** One step; a probe carries its failed trial (`probe.steps`, ending in `probe.clash`). */
interface StepJson {
  technique: TechniqueCode;
  cells: (CellRef & { colour: 'white' | 'black' })[];
  premises: CellRef[];
  /** The colours the reason states as known before the step. */
  given: (CellRef & { colour: 'white' | 'black' })[];
  reason: string;
  usedUniqueness: boolean;
  probe?: { steps: StepJson[]; clash: string };
}

const ref = (cols: number, i: number): CellRef => ({ row: Math.floor(i / cols) + 1, col: (i % cols) + 1 });

function stepJson(cols: number, d: Deduction): StepJson {
  const out: StepJson = {
    technique: d.technique,
    cells: d.cells.map(({ cell, colour }) => ({ ...ref(cols, cell), colour })),
    premises: distinct(d.premises).map((i) => ref(cols, i)),
    given: (d.given ?? []).map(({ cell, colour }) => ({ ...ref(cols, cell), colour })),
    reason: d.reason,
    usedUniqueness: d.usedUniqueness === true,
  };
  if (d.probe) out.probe = { steps: d.probe.steps.map((x) => stepJson(cols, x)), clash: d.probe.clash };
  return out;
}

export function explainJson(puzzle: Puzzle, run: ExplainRun): ExplainJson {
  const { result } = run;
  const { cols } = puzzle;
  const cells = result.board.cells();
  const board: (0 | 1 | null)[][] = [];
  for (let r = 0; r < puzzle.rows; r++) board.push(cells.slice(r * cols, (r + 1) * cols).map((s) => (s === null ? null : s ? 1 : 0)));
  return {
    id: puzzle.id ?? null,
    rows: puzzle.rows,
    cols,
    status: result.status,
    unique: run.uniquenessDropped ? false : result.unique,
    usedUniqueness: result.usedUniqueness,
    assumedUnique: run.assumedUnique,
    hardest: result.hardest,
    timedOut: result.timedOut,
    undecided: result.board.unknownCount,
    contradiction:
      result.contradiction === null
        ? null
        : { reason: result.contradiction.reason, cells: distinct(result.contradiction.cells).map((i) => ref(cols, i)) },
    steps: result.steps.map((d) => stepJson(cols, d)),
    board,
    timeMs: Math.round(result.timeMs * 1000) / 1000,
  };
}

/** The numbered steps, a blank line, the grid (partial when not solved), and the verdict last. */
export function explainText(puzzle: Puzzle, run: ExplainRun, style: TextStyle = {}): string {
  const [head, grid, tail] = explainTextParts(puzzle, run, style);
  return `${head}${typeof grid === 'string' ? grid : asciiText(grid)}${tail}`;
}

/**
 * explainText in three parts, the steps, the grid and the verdict, the grid as ASCII bytes when
 * it has no colour: the CLI writes them as they are, so that a million-cell grid is made once and
 * not copied into one string (each copy of its megabytes costs tens of milliseconds that a time
 * limit has to wait for).
 */
export function explainTextParts(puzzle: Puzzle, run: ExplainRun, style: TextStyle = {}): [string, string | Uint8Array, string] {
  const { result } = run;
  const steps = numberedSteps(result.steps);
  if (steps.length === 0) steps.push('(no step: no technique applies to this grid)');
  const head = `${steps.join('\n')}\n\n`;
  const grid = gridOf(puzzle, result, style);
  const tail: string[] = [];
  if (run.uniquenessDropped) {
    tail.push(
      'Note: assuming a unique solution (UC), the rules fill the grid, but the puzzle has more than one solution; the steps above assume nothing.',
    );
  }
  const tone = result.timedOut || result.status === 'contradiction' ? 'bad' : result.status === 'solved' ? 'good' : 'warn';
  tail.push(paint(explainVerdict(puzzle, run), tone, style));
  return [head, grid, `${tail.join('\n')}\n`];
}

/** The final grid of a run (its solution when solved), as bytes when plain (see shadingBytes). */
function gridOf(puzzle: Puzzle, result: ExplainRun['result'], style: TextStyle): string | Uint8Array {
  const { shading, board } = result;
  if (!style.color) {
    const bytes =
      result.status === 'solved'
        ? shadingBytes(puzzle, (i) => shading![i] === true)
        : shadingBytes(puzzle, (i) => (board.isUnknown(i) ? null : board.isBlack(i)));
    if (bytes !== undefined) return bytes;
  }
  return renderShading(puzzle, result.status === 'solved' ? shading! : board.cells(), style);
}

function explainVerdict(puzzle: Puzzle, run: ExplainRun): string {
  const { result } = run;
  const n = puzzle.rows * puzzle.cols;
  const undecided = result.board.unknownCount;
  const decided = `the rules decided ${n - undecided} of ${n} cells; ${undecided} undecided (in brackets above)`;
  if (result.timedOut) return `Time limit${run.timeoutMs === undefined ? '' : ` of ${run.timeoutMs} ms`} reached: ${decided}.`;
  switch (result.status) {
    case 'solved':
      return verdict(result);
    case 'stuck':
      return `Stuck: ${decided}, and no technique makes progress${run.uniquenessDropped ? ' (the puzzle has more than one solution)' : ''}.`;
    case 'contradiction': {
      const cells = distinct(result.contradiction?.cells ?? []).map((i) => result.board.label(i));
      return `${verdict(result).replace(/\.$/, '')}${cells.length > 0 ? ` (at ${cells.join(', ')})` : ''}.`;
    }
  }
}

function distinct(cells: readonly number[]): number[] {
  return [...new Set(cells)];
}
