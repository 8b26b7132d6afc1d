/**
 * The public library: a few functions over the modules below, each checking its input at the
 * door (validate.ts) so that a caller gets the CLI's clear errors, not a wrong answer. Browser-safe:
 * nothing here reaches a `node:` module; the Node entry (`../node.ts`) adds the external solvers
 * and worker threads.
 */
import { blockingClause, encodeHitori } from '../../encodings/index.js';
import { formatDocument, inputFormats, parseDocument, type InputFormat } from '../formats/detect.js';
import { documentOf } from '../formats/document.js';
import { formatText } from '../formats/text.js';
import { checkShading, type Violation } from '../puzzle/check.js';
import { conventions, type Convention } from '../puzzle/convention.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import { explainJson, explainText, rateJson, type ExplainJson, type RateJson } from '../render/rules.js';
import { hintJson, hintText, type HintJson } from '../render/hint.js';
import { renderSvg } from '../render/svg.js';
import { renderShading } from '../render/text.js';
import { explainPuzzle, levels, rate as rateByRules, ruleSets, type Level, type RuleSet } from '../rules/index.js';
import { backendNames } from '../sat/backend.js';
import { externalNeedsNode, type BackendFactory } from '../sat/backends/index.js';
import { maxTimerMs } from '../sat/timer.js';
import { toDimacs as cnfToDimacs } from '../sat/dimacs.js';
import { engines, solveWithEngine, type EngineOptions, type EngineResult } from '../solve/engines.js';
import { solveConnectivities } from '../solve/defaults.js';
import { hint as hintFor } from '../solve/hint.js';
import { validateChoice, validateCount, validateMarks, validatePuzzle, validateShading } from './validate.js';
import { InputError, SolverError } from '../job/errors.js';

/** The formats `parse` reads and `format` writes. */
export const formats = inputFormats;
export type Format = InputFormat;

export interface ParseOptions {
  /** `text`, `json`, `url` (puzz.link), `pzprv3`, `gameid` (Singles), `janko`; detected from the text when absent. */
  readonly from?: Format;
  /** A name for the puzzle (a JSON `id` in the text wins). */
  readonly id?: string;
}

/**
 * Reads a puzzle from text in any supported format, detected unless `from` is given. Bad input
 * throws an InputError whose message names the problem and its place (line, row, column).
 *
 * @example
 * const puzzle = parse('1 1\n2 1\n');   // { rows: 2, cols: 2, values: [1, 1, 2, 1] }
 * parse('https://puzz.link/p?hitori/2/2/1121').values;   // [1, 1, 2, 1]
 */
export function parse(text: string, options: ParseOptions = {}): Puzzle {
  if (typeof text !== 'string') throw new InputError(`expected the puzzle as text, got ${typeof text}`, {}, 'input');
  const from = validateChoice('from', options.from, formats);
  return parseDocument(text, { ...(from === undefined ? {} : { from }), ...(options.id === undefined ? {} : { id: options.id }) }).puzzle;
}

export interface FormatOptions {
  /** The format to write (default `text`). */
  readonly to?: Format;
  /** A solution to include where the format has room for one (`json`, `pzprv3`, `janko`). */
  readonly solution?: Shading;
}

/**
 * Writes a puzzle in a format that `parse` reads back.
 *
 * @example
 * format(parse('1 1\n2 1\n'), { to: 'json' });   // '{"rows":2,"cols":2,"grid":[[1,1],[2,1]]}\n'
 * format(parse('1 1\n2 1\n'), { to: 'url' });    // 'https://puzz.link/p?hitori/2/2/1121'
 */
export function format(puzzle: Puzzle, options: FormatOptions = {}): string {
  validatePuzzle(puzzle);
  const to = validateChoice('to', options.to, formats) ?? 'text';
  const solution = options.solution === undefined ? undefined : validateShading(puzzle, options.solution);
  return formatDocument(documentOf(puzzle, solution), to);
}

/**
 * `engine` (`hybrid` default: deductions first, SAT only if they leave cells open; `sat`; `rules`), `backend` (`cadical` default, `minisat`; `external`
 * with `solverCmd` only from `hitori-sat/node`), `convention`, `connectivity`, `maxSolutions`,
 * `timeoutMs`, `onProgress`, and `signal` to cancel: the promise then rejects with the signal's
 * reason. The signal is checked before every SAT call (the loop yields to the event loop between
 * calls); one SAT call runs on the calling thread, so to cut a long one short use `timeoutMs`,
 * or the Node entry's `solve`, which runs MiniSat in a worker thread it can end.
 */
export type SolveOptions = Omit<EngineOptions, 'known' | 'openBackend'>;

/** A verdict (`unique`, `multiple`, `none`, `timeout`, or `stuck` for the rules engine), the solutions found, and how. */
export type SolveResult = EngineResult;

/**
 * Solves a puzzle and proves the verdict: `unique` only when the solver has shown that no second
 * shading exists. Every solution returned has passed the independent checker.
 *
 * @example
 * const result = await solve(parse('1 1\n2 1\n'));
 * result.status;         // 'unique'
 * result.solutions[0];   // [false, true, false, false]: row 1, column 2 shaded
 */
export function solve(puzzle: Puzzle, options: SolveOptions = {}): Promise<SolveResult> {
  return solveWith(puzzle, options);
}

/** `solve` with a backend factory: the Node entry passes its own, which adds `external`. */
async function solveWith(puzzle: Puzzle, options: SolveOptions, openBackend?: BackendFactory): Promise<SolveResult> {
  checkSolveOptions(puzzle, options);
  // Refused before any work, even when the deductions would need no solver at all.
  if (openBackend === undefined && options.backend === 'external') throw new SolverError(externalNeedsNode, 'external');
  return solveWithEngine(puzzle, { ...options, ...(openBackend === undefined ? {} : { openBackend }) });
}

/** The checks `solve` makes before any work; the Node entry's solve makes them too. */
export function checkSolveOptions(puzzle: Puzzle, options: SolveOptions): void {
  validatePuzzle(puzzle);
  if (typeof options !== 'object' || options === null) throw new InputError('the options must be an object', {}, 'options');
  validateChoice('engine', options.engine, engines);
  validateChoice('backend', options.backend, backendNames);
  validateChoice('convention', options.convention, conventions);
  validateChoice('connectivity', options.connectivity, solveConnectivities);
  validateCount('maxSolutions', options.maxSolutions);
  validateCount('timeoutMs', options.timeoutMs, maxTimerMs);
  if (options.backend === 'external' && (typeof options.solverCmd !== 'string' || options.solverCmd.trim() === ''))
    throw new InputError('backend "external" needs solverCmd, the solver command line (e.g. "cadical")', {}, 'options');
  if (options.solverCmd !== undefined && options.backend !== 'external')
    throw new InputError(`solverCmd goes with backend "external", not ${JSON.stringify(options.backend ?? 'cadical')}`, {}, 'options');
}

export interface ExplainOptions {
  /** The highest technique class to use, `A` (trivial) .. `G` (probing, the default). */
  readonly maxLevel?: Level;
  /** `all` (default), `thesis` (the thesis's rules), `two-sat` (the 2-SAT line solver instead of the Sim-* rules). */
  readonly techniques?: RuleSet;
  /** Use techniques that assume a unique solution (default true). */
  readonly assumeUnique?: boolean;
  /** Stop after this many milliseconds (`timedOut` is then true). */
  readonly timeoutMs?: number;
}

/** The rule engine's solve, step by step (the JSON of `explain --format json`), and `text`, as the CLI prints it. */
export interface Explanation extends ExplainJson {
  readonly text: string;
}

/**
 * Solves with human techniques only (no SAT, no search) and tells every deduction: which
 * technique, which cells it decided and from which premises. Synchronous: it cannot be
 * interrupted by a signal, so bound it with `timeoutMs`.
 *
 * @example
 * const { status, steps } = explain(parse('1 1\n2 1\n'));
 * status;                // 'solved'
 * steps[0]?.technique;   // the first technique used, e.g. 'Sim-U2'
 */
export function explain(puzzle: Puzzle, options: ExplainOptions = {}): Explanation {
  validatePuzzle(puzzle);
  const maxLevel = validateChoice('maxLevel', options.maxLevel, levels);
  const techniques = validateChoice('techniques', options.techniques, ruleSetNames);
  const timeoutMs = validateCount('timeoutMs', options.timeoutMs, maxTimerMs);
  const run = explainPuzzle(puzzle, {
    ...(maxLevel === undefined ? {} : { maxLevel }),
    ...(techniques === undefined ? {} : { techniques }),
    ...(options.assumeUnique === undefined ? {} : { assumeUnique: options.assumeUnique !== false }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  return { ...explainJson(puzzle, run), text: explainText(puzzle, run) };
}

const ruleSetNames = Object.keys(ruleSets) as RuleSet[];

export interface HintOptions {
  /** Stop after this many milliseconds (then a TimeoutError, unless a step was found by then). */
  readonly timeoutMs?: number;
}

export type HintReport = HintJson & { readonly text: string };

/**
 * For a puzzle part-way through: the marks no solution has, or else the next deduction from the
 * marks (true shaded, false marked unshaded, null not marked; none for the first step). See
 * src/solve/hint.ts.
 *
 * @example
 * const h = await hint(parse('1 1\n2 1\n'), [null, null, null, null]);
 * h.kind;   // 'step'
 * h.text;   // 'Hint (step 1 of the rule engine's solve, class ...): ...'
 */
export async function hint(puzzle: Puzzle, marks?: readonly (boolean | null)[], options: HintOptions = {}): Promise<HintReport> {
  validatePuzzle(puzzle);
  if (marks !== undefined) validateMarks(puzzle, marks);
  const timeoutMs = validateCount('timeoutMs', options.timeoutMs, maxTimerMs);
  const found = await hintFor(puzzle, marks, timeoutMs === undefined ? {} : { timeoutMs });
  return { ...hintJson(puzzle, found, marks), text: hintText(puzzle, found, marks) };
}

export interface RateOptions {
  /** `thesis` (default), `two-sat`, `all`. */
  readonly techniques?: RuleSet;
  /** Stop after this many milliseconds (the puzzle is then unrated, `timedOut` true). */
  readonly timeoutMs?: number;
}

/**
 * The difficulty class of the thesis's Table 5, `A` (trivial) .. `G` (super hard, probing): the
 * level of the hardest technique the rules need; `class` is null when the rules cannot solve it.
 * Synchronous, like `explain`.
 *
 * @example
 * rate(parse('1 1\n2 1\n')).class;   // 'B'
 */
export function rate(puzzle: Puzzle, options: RateOptions = {}): RateJson {
  validatePuzzle(puzzle);
  const ruleSet = validateChoice('techniques', options.techniques, ruleSetNames) ?? 'thesis';
  const timeoutMs = validateCount('timeoutMs', options.timeoutMs, maxTimerMs);
  const rating = rateByRules(puzzle, { ruleSet, ...(timeoutMs === undefined ? {} : { deadline: Date.now() + timeoutMs }) });
  return rateJson(puzzle, rating, ruleSet);
}

export interface DimacsOptions {
  /** The rule convention to encode (default `literal`). */
  readonly convention?: Convention;
  /** Forbid this solution too: the formula is then unsatisfiable exactly when it is the only one. */
  readonly block?: Shading;
}

/**
 * The complete CNF (uniqueness pairs, non-adjacency, distance-layer connectivity) in DIMACS, for
 * any SAT solver. Variable `(r-1)*cols + c` is "row r, column c is shaded".
 *
 * @example
 * toDimacs(parse('1 1\n2 1\n')).startsWith('c');   // true: comments, then 'p cnf ...'
 */
export function toDimacs(puzzle: Puzzle, options: DimacsOptions = {}): string {
  validatePuzzle(puzzle);
  const convention = validateChoice('convention', options.convention, conventions) ?? 'literal';
  const { cnf, vars } = encodeHitori(puzzle, { convention });
  if (options.block !== undefined) {
    cnf.comments.push('blocked: the given solution; UNSATISFIABLE means it is the only one');
    cnf.add(blockingClause(vars, validateShading(puzzle, options.block, 'block')));
  }
  return cnfToDimacs(cnf);
}

/** Cells for `render`: a shading, or a partial one with null for an undecided cell. */
export type Cells = readonly (boolean | null)[];

export interface RenderOptions {
  /** `text` (default): digits, `#` for shaded; `svg`: a picture, clear at any size. */
  readonly to?: 'text' | 'svg';
  /** Shaded cells to draw (a solution, or a partial grid with null for undecided cells). */
  readonly cells?: Cells;
  /** For `svg`: cells to outline, such as those an explanation step decided (indices, row-major). */
  readonly highlight?: readonly number[];
}

/**
 * Draws a puzzle, or a solution or partial grid of it: as text (numbers right-aligned, shaded
 * cells as `#`, undecided ones in brackets) or as an SVG picture.
 *
 * @example
 * render(parse('1 1\n2 1\n'), { cells: [false, true, false, false] });   // '1 #\n2 1\n'
 * render(parse('1 1\n2 1\n'), { to: 'svg', cells: [false, true, false, false] });   // '<?xml ...<svg ...'
 */
export function render(puzzle: Puzzle, options: RenderOptions = {}): string {
  validatePuzzle(puzzle);
  const to = validateChoice('to', options.to, renderTargets) ?? 'text';
  const n = puzzle.rows * puzzle.cols;
  const { cells, highlight } = options;
  if (cells !== undefined && (!Array.isArray(cells) || cells.length !== n || cells.some((s) => s !== null && typeof s !== 'boolean')))
    throw new InputError(`"cells" must be an array of ${n} booleans or nulls`, {}, 'options');
  if (highlight !== undefined && (!Array.isArray(highlight) || highlight.some((i) => !Number.isInteger(i) || i < 0 || i >= n)))
    throw new InputError(`"highlight" must be an array of cell indices from 0 to ${n - 1}`, {}, 'options');
  if (to === 'svg')
    return renderSvg(puzzle, {
      ...(cells === undefined ? {} : { cells }),
      ...(highlight === undefined ? {} : { highlight: new Set(highlight) }),
    });
  if (cells === undefined) return formatText(puzzle);
  return renderShading(puzzle, cells);
}

const renderTargets = ['text', 'svg'] as const;

/**
 * The rules a shading breaks, by the independent checker (empty: it is a solution). It shares no
 * code with the encodings, so it can catch their bugs.
 *
 * @example
 * check(parse('1 1\n2 1\n'), [false, false, false, false]);   // [{ rule: 'repeat', ... }]
 */
export function check(puzzle: Puzzle, shading: Shading, options: { readonly convention?: Convention } = {}): Violation[] {
  validatePuzzle(puzzle);
  const convention = validateChoice('convention', options.convention, conventions) ?? 'literal';
  return checkShading(puzzle, validateShading(puzzle, shading, 'shading'), convention);
}

export { engines, backendNames as backends, conventions };
