/**
 * The public library: a few functions over the modules below, each checking its input at the
 * door (validate.ts) so that a caller gets the CLI's clear errors, not a wrong answer. Browser-safe:
 * nothing here reaches a `node:` module; the Node entry (`../node.ts`) adds the external solvers
 * and worker threads.
 */
import { formatDocument, inputFormats, parseDocument, type InputFormat } from '../formats/detect.js';
import { documentOf } from '../formats/document.js';
import { formatText } from '../formats/text.js';
import { InputError } from '../control/errors.js';
import { checkShading, type Violation } from '../puzzle/check.js';
import { conventions, type Convention } from '../puzzle/convention.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import { explainJson, explainText, type ExplainJson } from '../commands/explain/render.js';
import { rateJson, type RateJson } from '../commands/rate/render.js';
import { hintJson, hintText, type HintJson } from '../commands/hint/render.js';
import { renderSvg } from '../render/svg.js';
import { renderShading } from '../render/text.js';
import { backendNames } from '../sat/backend.js';
import { engines } from '../solve/engines.js';
import { ambiguityPicture, ambiguityText } from '../commands/ambiguity/render.js';
import { repairText } from '../commands/repair/render.js';
import type {
  AmbiguityOptions,
  AmbiguityResult,
  DimacsOptions,
  ExplainOptions,
  HintOptions,
  RateOptions,
  RepairOptions,
  RepairResult,
  RunOptions,
  SolveOptions,
  SolveResult,
} from './requests.js';
import { run } from './run.js';
import { validateChoice, validatePuzzle, validateShading } from '../commands/validate.js';

/** A puzzle's rating: its class, step measure and the techniques used (the JSON of `rate --to json`). */
export type Rating = RateJson;

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
 * Solves a puzzle and proves the verdict: `unique` only when the solver has shown that no second
 * shading exists. Every solution returned has passed the independent checker. Options: `engine`
 * (`hybrid` default: deductions first, SAT only if they leave cells open; `sat`; `rules`),
 * `backend` (`cadical` default, `minisat`; `external` with `solverCmd` only from
 * `hitori-sat/node`), `convention`, `connectivity`, `maxSolutions`, `timeoutMs`, `onProgress`,
 * `onItem` (each solution as found), and `signal` to cancel: the promise then rejects with the
 * signal's reason.
 *
 * @example
 * const result = await solve(parse('1 1\n2 1\n'));
 * result.status;         // 'unique'
 * result.solutions[0];   // [false, true, false, false]: row 1, column 2 shaded
 */
export function solve(puzzle: Puzzle, options: SolveOptions = {}): Promise<SolveResult> {
  return run({ command: 'solve', puzzle, ...requestPart(options) }, runPart(options));
}

/** The rule engine's solve, step by step (the JSON of `explain --to json`), and `text`, as the CLI prints it. */
export interface Explanation extends ExplainJson {
  readonly text: string;
}

/**
 * Solves with human techniques only (no SAT, no search) and tells every deduction: which
 * technique, which cells it decided and from which premises. Options: `maxLevel` (`A`..`G`),
 * `techniques` (`all` default, `thesis`, `two-sat`), `assumeUnique` (default true), `timeoutMs`.
 *
 * @example
 * const { status, steps } = await explain(parse('1 1\n2 1\n'));
 * status;                // 'solved'
 * steps[0]?.technique;   // the first technique used, e.g. 'Sim-U2'
 */
export async function explain(puzzle: Puzzle, options: ExplainOptions = {}): Promise<Explanation> {
  const explained = await run({ command: 'explain', puzzle, ...requestPart(options) }, runPart(options));
  return { ...explainJson(puzzle, explained), text: explainText(puzzle, explained) };
}

export type HintReport = HintJson & { readonly text: string };

/**
 * For a puzzle part-way through: the marks no solution has, or else the next deduction from the
 * marks (true shaded, false marked unshaded, null not marked; none for the first step). See
 * src/solve/hint.ts. A step comes in plain words (`words`), with where to look (`focus`), the
 * technique's `name` and code, a probe's `trial`, and the detailed `text`. Option
 * `circleNeighbours`: the page circles a shaded cell's neighbours itself (no hint spent on them).
 *
 * @example
 * const h = await hint(parse('1 1\n2 1\n'), [null, null, null, null]);
 * h.kind;   // 'step'
 * h.words;  // the hint in plain words, e.g. 'Shaded cells never touch, ...'
 * h.text;   // 'Hint (<technique>, class <A-G>): ...', the details
 */
export async function hint(puzzle: Puzzle, marks?: readonly (boolean | null)[], options: HintOptions = {}): Promise<HintReport> {
  const found = await run(
    { command: 'hint', puzzle, ...(marks === undefined ? {} : { marks }), ...requestPart(options) },
    runPart(options),
  );
  return { ...hintJson(puzzle, found, marks), text: hintText(puzzle, found, marks) };
}

/**
 * The difficulty class of the thesis's Table 5, `A` (trivial) .. `G` (super hard, probing): the
 * level of the hardest technique the rules need; `class` is null when the rules cannot solve it.
 * Options: `techniques` (`thesis` default, `two-sat`, `all`), `timeoutMs`.
 *
 * @example
 * (await rate(parse('1 1\n2 1\n'))).class;   // 'B'
 */
export async function rate(puzzle: Puzzle, options: RateOptions = {}): Promise<Rating> {
  const rating = await run({ command: 'rate', puzzle, ...requestPart(options) }, runPart(options));
  return rateJson(puzzle, rating, options.techniques ?? 'thesis');
}

/** The ambiguity map, with `text` as the CLI prints it and `svg`, its picture. */
export type AmbiguityReport = AmbiguityResult & { readonly text: string; readonly svg: string };

/**
 * For a puzzle with several solutions: which cells have the same colour in every solution
 * (`cells[i]` true forced shaded, false forced unshaded) and which are free (null), by SAT
 * (the backbone: each cell's other colour is tried under an assumption). Options: `convention`,
 * `timeoutMs`, `signal`, `onProgress`.
 *
 * @example
 * const map = await ambiguity(parse('1 1 2\n2 2 1\n1 2 1\n'));
 * map.status;   // 'multiple'
 * map.free;     // the number of free cells
 */
export async function ambiguity(puzzle: Puzzle, options: AmbiguityOptions = {}): Promise<AmbiguityReport> {
  const map = await run({ command: 'ambiguity', puzzle, ...requestPart(options) }, runPart(options));
  return { ...map, text: ambiguityText(puzzle, map), svg: renderSvg(puzzle, ambiguityPicture(puzzle, map)) };
}

/** `repair`'s result, with `text` as the CLI prints it. */
export type RepairReport = RepairResult & { readonly text: string };

/**
 * The fewest number changes (each to a number of 1..K+1, K the grid's largest) that make the
 * puzzle uniquely solvable, proven minimal: over any solution (`scope: 'any-solution'`), or
 * keeping `keep` (`'keep-solution'`). No bound but `maxChanges` and `timeoutMs`; `onProgress`
 * hears each bound proven. Up to `alternatives` (default 5) minimal change sets. Rules as written.
 *
 * @example
 * const fix = await repair(parse('1 1 2\n2 2 1\n1 2 1\n'));
 * fix.fewest;                  // the fewest changes, proven
 * fix.repairs[0]?.changes;     // [{ cell, from, to }, ...]
 */
export async function repair(puzzle: Puzzle, options: RepairOptions = {}): Promise<RepairReport> {
  const result = await run({ command: 'repair', puzzle, ...requestPart(options) }, runPart(options));
  return { ...result, text: repairText(puzzle, result) };
}

/**
 * The complete CNF (uniqueness pairs, non-adjacency, distance-layer connectivity) in DIMACS, for
 * any SAT solver. Variable `(r-1)*cols + c` is "row r, column c is shaded". `block` forbids a
 * solution too: the formula is then unsatisfiable exactly when it is the only one.
 *
 * @example
 * (await toDimacs(parse('1 1\n2 1\n'))).startsWith('c');   // true: comments, then 'p cnf ...'
 */
export async function toDimacs(puzzle: Puzzle, options: DimacsOptions = {}): Promise<string> {
  const cnf = await run({ command: 'dimacs', puzzle, ...requestPart(options) }, runPart(options));
  let text = '';
  for (const chunk of cnf.chunks()) text += chunk;
  return text;
}

/** The request's part of a library function's options (all but the signal and the listeners). */
function requestPart<T extends RunOptions>(options: T): Omit<T, keyof RunOptions> {
  if (typeof options !== 'object' || options === null) throw new InputError('the options must be an object', {}, 'options');
  const { signal: _s, onProgress: _p, onItem: _i, ...rest } = options as T & RunOptions;
  return rest;
}

/** The signal and listeners of a library function's options. */
function runPart<T extends RunOptions>(options: T): RunOptions {
  return {
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    ...(options.onItem === undefined ? {} : { onItem: options.onItem }),
  };
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
