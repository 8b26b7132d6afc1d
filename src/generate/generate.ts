/**
 * The generator of unique puzzles, in the spirit of the thesis (section 7) and Tatham's Singles:
 *
 * 1. A random valid shading S: cells in random order, each shaded when none of its neighbours is
 *    and the unshaded cells stay connected (so S is maximal).
 * 2. A Latin-like numbering of the unshaded cells: no number twice among the unshaded cells of a
 *    line. It is an edge colouring of the bipartite graph rows x columns whose edges are the
 *    unshaded cells, with K colours (the symbols); König's theorem gives one whenever no line has
 *    more than K unshaded cells, and the alternating-path (Kempe chain) proof builds it, edges
 *    and free colours taken in random order.
 * 3. Each shaded cell gets the number of a random unshaded cell of its row or column, so S is a
 *    solution under every convention (its shaded cells repeat an unshaded number of their line).
 * 4. Repair until unique: the SAT solver looks for a solution other than S. While there is one,
 *    S2, take a cell x shaded in S but unshaded in S2 and give it the number of a cell y of its
 *    row or column unshaded in both: S2 now repeats a number (rule 1) and S still holds (x is
 *    shaded in S, and its number repeats the unshaded y). If S2 shades every cell S shades, no
 *    number can rule it out (its unshaded numbers are some of S's, all distinct), so S2 becomes
 *    the planted solution instead. A shading that needs too many repairs is dropped for a new one.
 *
 * One incremental session (src/solve/session.ts) serves a whole repair loop: the clauses that
 * depend only on the grid (non-adjacency, the connectivity seeds, every connectivity cut found,
 * which hold in every valid shading) are permanent; those that depend on numbers the repair may
 * change (rule 1 pairs through a cell that was shaded at the start, and the convention's clauses)
 * carry the negation of an epoch selector, and each change of numbers starts a new epoch, assumed
 * from then on; the blocking clause of S carries a selector of its own. Clauses of old epochs stay
 * in the solver, satisfied by their selector being false, so nothing learnt is unsound.
 *
 * With a class B to F asked for, step 4 is followed by steering (generate-steer.ts): a pattern of
 * a technique of the class is planted, then shaded cells take numbers of cells the rules already
 * made white until the class's techniques solve the puzzle, with the SAT repair after each round;
 * only shaded cells' numbers change, so the shading (and its symmetry) stays. Class G is drawn.
 *
 * The result is then proven unique by the SAT engine itself (`solveHitori`, a fresh solver, the
 * chosen convention) and its solution passes the independent checker; with a class asked for,
 * the rule engine rates it and must not solve it one class lower.
 *
 * Everything random comes from a generator seeded by the puzzle's seed string, `<seed>:<index>`,
 * and each puzzle uses solvers of its own, so a puzzle depends on its seed only, never on which
 * worker made it or what it made before.
 */
import { checkShading } from '../puzzle/check.js';
import type { Convention } from '../puzzle/convention.js';
import { colOf, geometry, lineCells, neighbours, ringCell, rowOf, type Geometry } from '../puzzle/geometry.js';
import { cellName, type Puzzle, type Shading } from '../puzzle/puzzle.js';
import { levels, rate, solveByRules, type Level } from '../rules/index.js';
import { CutFinder, SatSession } from '../solve/session.js';
import { solveHitori } from '../solve/solve.js';
import { UsageError } from '../control/errors.js';
import { Limit } from '../control/limit.js';
import type { Symmetry } from './generate-choices.js';
import { plantClass, steerToClass } from './generate-steer.js';

export type { Symmetry } from './generate-choices.js';

export interface GenerateSpec {
  readonly rows: number;
  readonly cols: number;
  /** The solution's shading (true shaded), rows x cols: the numbers are filled around it. */
  readonly pattern?: readonly boolean[];
  /** The generated shading is symmetric under this (ignored with a pattern). */
  readonly symmetry?: Symmetry;
  /** The numbers are 1..symbols; default max(rows, cols), as published puzzles use. */
  readonly symbols?: number;
  readonly convention?: Convention;
  /** Only puzzles the rule engine rates this class (and cannot solve one class lower). */
  readonly class?: Level;
}

export interface GeneratedPuzzle {
  readonly puzzle: Puzzle;
  /** The one solution, proven unique by the SAT engine, checked by the independent checker. */
  readonly solution: Shading;
  /** The rule engine's class (thesis's Table 5), or null when the rules cannot solve it. */
  readonly class: Level | null;
  /** The seed string that makes this puzzle again (with the same spec). */
  readonly seed: string;
  /** Shadings tried (the last one gave the puzzle), and number changes over all of them. */
  readonly attempts: number;
  readonly repairs: number;
  readonly timeMs: number;
}

/** The number of symbols the spec asks for (max(rows, cols) unless given). */
export function symbolsOf(spec: GenerateSpec): number {
  return spec.symbols ?? Math.max(spec.rows, spec.cols);
}

/** Why a spec cannot be generated, or null. */
export function specProblem(spec: GenerateSpec): string | null {
  const { rows, cols } = spec;
  const k = symbolsOf(spec);
  const convention = spec.convention ?? 'literal';
  if (!Number.isSafeInteger(k) || k < 1) return `the number of symbols must be a positive whole number, got ${k}`;
  if (rows * cols < 2) return 'a 1x1 board has no puzzle to generate (its one cell is always unshaded)';
  // Each line keeps more than half its cells unshaded (no two shaded cells touch), and those
  // must carry distinct numbers. A single row or column stays connected only while no inner
  // cell is shaded, so all but its two end cells stay unshaded (without this, a 7x1 board with
  // 4 symbols, which has no puzzle, was searched for ever).
  const line = Math.max(rows, cols);
  const needed = Math.min(rows, cols) === 1 ? Math.max(1, line - 2) : Math.ceil(line / 2);
  if (rows * cols === 2) {
    // Two cells: shading one leaves the other, a connected region, so [a a] has two solutions
    // (either cell) and [a b] three under the rules as written (none, either); the other
    // conventions forbid shading a number that no unshaded cell repeats, leaving [a b] one.
    if (convention === 'literal')
      return `no ${rows}x${cols} puzzle is unique under the literal convention ([a a] has two solutions, [a b] three): use --convention unique-white or shaded-duplicates`;
    if (k < 2) return `a ${rows}x${cols} puzzle needs 2 symbols: [a a] has two solutions under every convention`;
  }
  if (k > rows * cols) return `${k} symbols for ${rows * cols} cells: more symbols than cells cannot all appear (at most ${rows * cols})`;
  if (spec.pattern !== undefined) {
    if (spec.symmetry !== undefined) return 'a pattern is the shading itself: give --pattern or --symmetry, not both';
    const problem = patternProblem(rows, cols, spec.pattern, convention);
    if (problem !== null) return problem;
    const g = geometry(rows, cols);
    const widest = g.lines.reduce((most, line) => Math.max(most, line.filter((i) => !spec.pattern![i]).length), 0);
    if (widest > k)
      return `the pattern leaves ${widest} unshaded cells in a line, which need ${widest} different numbers, but there are ${k} symbols`;
    if (spec.symmetry !== undefined) return 'a pattern is the shading itself: give --pattern or --symmetry, not both';
  }
  if (spec.symmetry === 'diagonal' && rows !== cols) return `the diagonal symmetry needs a square board, not ${rows}x${cols}`;
  if (k < needed) return `${k} symbols cannot number a line of ${line} cells (at least ${needed} are needed)`;
  if (spec.class === 'A') {
    if (k < Math.max(rows, cols)) return `class A puzzles are Latin: they need at least max(rows, cols) = ${Math.max(rows, cols)} symbols`;
    // A Latin square's cells can each be shaded alone without breaking a rule, so under the
    // rules as written it never has one solution; the other conventions keep unique cells white.
    if (convention === 'literal')
      return 'no class A puzzle is unique under the literal convention (any one cell of a Latin square can be shaded): use --convention unique-white or shaded-duplicates';
  }
  return null;
}

/**
 * Why a shading cannot be the unique solution of any numbering, or null: two shaded cells that
 * touch, unshaded cells cut off from the others, or (rules as written) a cell that could be
 * shaded too, since the shading with it is then a solution whatever the numbers (its unshaded
 * cells are some of the pattern's, whose numbers differ in every line). The place is named.
 */
function patternProblem(rows: number, cols: number, pattern: readonly boolean[], convention: Convention): string | null {
  if (pattern.length !== rows * cols) return `the pattern has ${pattern.length} cells, a ${rows}x${cols} board ${rows * cols}`;
  const g = geometry(rows, cols);
  const at = (i: number) => cellName({ cols }, i);
  for (let i = 0; i < g.cells; i++) {
    if (!pattern[i]) continue;
    for (const j of neighbours(g, i)) if (j > i && pattern[j]) return `the pattern shades two touching cells: ${at(i)} and ${at(j)}`;
  }
  const finder = new CutFinder(g);
  const parts = finder.label(pattern);
  if (parts === 0) return 'the pattern shades every cell';
  if (parts > 1)
    return `the pattern's unshaded cells fall apart: ${at(finder.component(1)[0]!)} is cut off from ${at(finder.component(0)[0]!)}`;
  if (convention === 'literal') {
    const shaded = Uint8Array.from(pattern, (x) => (x ? 1 : 0));
    for (let i = 0; i < g.cells; i++) {
      if (shaded[i] || neighbours(g, i).some((j) => shaded[j] === 1)) continue;
      shaded[i] = 1;
      const apart = finder.label(shaded) !== 1;
      shaded[i] = 0;
      if (!apart)
        return `the pattern can never be the only solution: ${at(i)} could be shaded too, whatever the numbers (rules as written)`;
    }
  }
  return null;
}

/** The seed string of puzzle `index` (0-based) of a run seeded `seed`. */
export function puzzleSeed(seed: string | number, index: number): string {
  return `${seed}:${index + 1}`;
}

/**
 * Makes the puzzle of one seed string. `limit` bounds the work: past it, its TimeoutError (the
 * generator's one way of stopping; a run of many keeps the puzzles made before it).
 */
export async function generatePuzzle(
  spec: GenerateSpec,
  seed: string,
  limit = Limit.none,
  onTry?: (tries: number, elapsedMs: number) => void,
): Promise<GeneratedPuzzle> {
  const problem = specProblem(spec);
  if (problem !== null) throw new UsageError(problem);
  const start = performance.now();
  const random = seededRandom(seed);
  const convention = spec.convention ?? 'literal';
  const g = geometry(spec.rows, spec.cols);
  const steer = spec.class !== undefined && steered(spec.class);
  let repairs = 0;
  for (let attempt = 1; ; attempt++) {
    limit.check(`before a puzzle for seed ${seed} was found`);
    onTry?.(attempt, performance.now() - start);
    // Class A is a Latin square with nothing shaded (only UC is needed), and so is the only
    // unique puzzle of two cells (see specProblem); else a random maximal shading.
    const planted =
      spec.pattern !== undefined
        ? Uint8Array.from(spec.pattern, (x) => (x ? 1 : 0))
        : spec.class === 'A' || g.cells === 2
          ? new Uint8Array(g.cells)
          : randomShading(g, random, spec.symmetry, spec.class === 'D' && attempt % 2 === 1 ? cornerSeed(g, random) : []);
    // A symmetric shading is maximal by orbits only: when one cell could be shaded alone it is
    // never the only solution under the rules as written, whatever the numbers. Cheaper to see
    // here than by the SAT repair (most 6x6 mirror shadings are such).
    if (spec.symmetry !== undefined && spec.pattern === undefined && convention === 'literal' && oneMoreShadable(g, planted)) continue;
    const values = numberCells(g, planted, symbolsOf(spec), random);
    if (values === null) continue;
    // With a pattern or a symmetry the planted shading must stay the solution: no switching.
    const fixed = spec.pattern !== undefined || spec.symmetry !== undefined;
    let made = await repair(g, values, planted, convention, random, limit, fixed);
    repairs += made.repairs;
    if (made.solution === null) {
      if (spec.pattern !== undefined && attempt >= maxPatternAttempts)
        throw new UsageError(`no numbering makes the pattern the only solution after ${attempt} attempts`);
      continue;
    }
    // Steer the numbers until the class's rules solve it, then repair what that made ambiguous
    // (the SAT session says unique at once when nothing was), a few rounds at most.
    if (steer) {
      // The pattern of a technique of the class first (then the uniqueness it may have cost).
      if (made.solution !== null && plantClass(g, values, made.solution, spec.class!, random) > 0) {
        made = await repair(
          g,
          values,
          Uint8Array.from(made.solution, (s) => (s ? 1 : 0)),
          convention,
          random,
          limit,
          true,
        );
        repairs += made.repairs;
      }
      for (let round = 0; made.solution !== null; round++) {
        const solution: Shading = made.solution;
        const steering = steerToClass(g, values, solution, spec.class!, random, limit);
        if (!steering.solved || steering.below || round === maxSteerRounds) {
          made = { solution: null, repairs: 0 };
          break;
        }
        if (steering.giveaways === 0 && round > 0) break;
        made = await repair(
          g,
          values,
          Uint8Array.from(solution, (s) => (s ? 1 : 0)),
          convention,
          random,
          limit,
          true,
        );
        repairs += made.repairs;
        if (made.repairs === 0) break;
      }
      if (made.solution === null) continue;
    }
    const puzzle: Puzzle = { rows: spec.rows, cols: spec.cols, values, id: `gen-${seed}` };
    // With a class asked for, the cheap test first: solved below the class means rejected.
    if (spec.class !== undefined && solvableBelow(puzzle, spec.class, limit)) continue;
    const cls = classOf(puzzle, limit);
    if (spec.class !== undefined && cls !== spec.class) continue;
    const solution = await proveUnique(puzzle, made.solution, convention, limit);
    return { puzzle, solution, class: cls, seed, attempts: attempt, repairs, timeMs: performance.now() - start };
  }
}

/** Steering and repair rounds per shading before it is dropped. */
const maxSteerRounds = 4;

/** The classes reached by steering (steer.ts): B to F. A has no shading; G is above every rule set's fixpoint, so it is drawn. */
function steered(cls: Level): boolean {
  return cls !== 'A' && cls !== 'G';
}

/** Numberings tried around a pattern before it is given up. */
const maxPatternAttempts = 200;

/** The SAT engine's proof: a fresh solve under the convention must say `unique`, with S. */
async function proveUnique(puzzle: Puzzle, planted: Shading, convention: Convention, limit: Limit): Promise<Shading> {
  const result = await solveHitori(puzzle, { convention, limit });
  if (result.status === 'timeout') throw limit.reached('during the uniqueness proof');
  const solution = result.solutions[0];
  if (result.status !== 'unique' || solution === undefined || solution.some((s, i) => s !== planted[i]))
    throw new Error(`generate: the SAT engine finds the repaired puzzle ${result.status}, not unique with the planted solution: a bug`);
  const violations = checkShading(puzzle, solution, convention);
  if (violations.length > 0) throw new Error(`generate: the solution breaks the rules (${violations[0]!.message}): a bug`);
  return solution;
}

function classOf(puzzle: Puzzle, limit: Limit): Level | null {
  const rating = rate(puzzle, { limit });
  if (rating.result.timedOut) throw limit.reached('while rating');
  return rating.class;
}

/** Whether the rule engine solves the puzzle with the techniques of the classes below `cls`. */
function solvableBelow(puzzle: Puzzle, cls: Level, limit: Limit): boolean {
  const k = levels.indexOf(cls);
  if (k === 0) return false;
  const options = { techniques: 'thesis', maxLevel: levels[k - 1]!, explain: false } as const;
  return solveByRules(puzzle, { ...options, limit }).status === 'solved';
}

// ---------------------------------------------------------------------------------------------
// Randomness: a 32-bit generator (sfc32) seeded by a string hash, so that seeds are any text.

export type Random = () => number;

/** A generator of floats in [0, 1), a pure function of the seed string. */
export function seededRandom(seed: string): Random {
  // cyrb128-style mixing of the seed string into four 32-bit words.
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  let a = h1 >>> 0;
  let b = h2 >>> 0;
  let c = h3 >>> 0;
  let d = h4 >>> 0;
  const next = () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function shuffled(random: Random, n: number): Int32Array {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  return order;
}

// ---------------------------------------------------------------------------------------------
// Step 1: a random maximal valid shading.

export function randomShading(g: Geometry, random: Random, symmetry?: Symmetry, first: readonly number[] = []): Uint8Array {
  const shaded = new Uint8Array(g.cells);
  const finder = new CutFinder(g);
  // The cells `first` are tried before the random order (with their images under a symmetry).
  const order = (): Iterable<number> => (first.length === 0 ? shuffled(random, g.cells) : [...first, ...shuffled(random, g.cells)]);
  if (symmetry !== undefined) {
    // Cells shaded an orbit at a time (the cell and its image), so the shading is symmetric.
    const image = symmetryImage(g, symmetry);
    for (const i of order()) {
      const j = image[i]!;
      if (shaded[i] || neighbours(g, i).some((k) => shaded[k] === 1) || neighbours(g, j).some((k) => shaded[k] === 1 || k === i)) continue;
      shaded[i] = 1;
      shaded[j] = 1;
      if (finder.label(shaded) !== 1) {
        shaded[i] = 0;
        shaded[j] = 0;
      }
    }
    return shaded;
  }
  for (const i of order()) if (shadable(g, shaded, i, finder)) shaded[i] = 1;
  return shaded;
}

/**
 * Whether cell i can be shaded: unshaded, no shaded neighbour, and the unshaded cells stay one
 * region (and some remain). When the unshaded neighbours of i are joined around i's 3x3 ring
 * they stay joined, so no search is needed.
 */
function shadable(g: Geometry, shaded: Uint8Array, i: number, finder: CutFinder): boolean {
  if (shaded[i] || neighbours(g, i).some((j) => shaded[j] === 1)) return false;
  shaded[i] = 1;
  const joined = joinedAround(g, shaded, i) || finder.label(shaded) === 1;
  shaded[i] = 0;
  return joined;
}

/** Whether some cell can still be shaded (the shading is not maximal). */
function oneMoreShadable(g: Geometry, shaded: Uint8Array): boolean {
  const finder = new CutFinder(g);
  for (let i = 0; i < g.cells; i++) if (shadable(g, shaded, i, finder)) return true;
  return false;
}

/**
 * A random corner cell and the cell diagonal to it, tried first in every other shading for class
 * D (see plantClass). Not in all: with a symmetry some boards' seeded shadings are never unique
 * (a 6x6 mirror one leaves a cell that can be shaded alone), and the others then still come.
 */
function cornerSeed(g: Geometry, random: Random): number[] {
  if (g.rows < 3 || g.cols < 3) return [];
  const r = random() < 0.5 ? 0 : g.rows - 1;
  const c = random() < 0.5 ? 0 : g.cols - 1;
  const dr = r === 0 ? 1 : -1;
  const dc = c === 0 ? 1 : -1;
  return [r * g.cols + c, (r + dr) * g.cols + (c + dc)];
}

/** Each cell's image under the symmetry (an involution: the image of the image is the cell). */
function symmetryImage(g: Geometry, symmetry: Symmetry): Int32Array {
  const image = new Int32Array(g.cells);
  for (let i = 0; i < g.cells; i++) {
    const r = rowOf(g, i);
    const c = colOf(g, i);
    image[i] =
      symmetry === 'rot180'
        ? (g.rows - 1 - r) * g.cols + (g.cols - 1 - c)
        : symmetry === 'mirror'
          ? r * g.cols + (g.cols - 1 - c)
          : c * g.cols + r;
  }
  return image;
}

/**
 * Whether every unshaded orthogonal neighbour of i lies in one run of unshaded cells of the ring
 * of eight cells around i (cells off the grid count as shaded): they are then joined without i.
 * False when i has no unshaded neighbour (shading it could empty a region).
 */
function joinedAround(g: Geometry, shaded: Uint8Array, i: number): boolean {
  const r = rowOf(g, i);
  const c = colOf(g, i);
  // The ring of eight cells clockwise from the top (geometry.ts); even positions are the orthogonal neighbours.
  const open = (k: number): boolean => {
    const j = ringCell(g.rows, g.cols, r, c, k & 7);
    return j >= 0 && shaded[j] === 0;
  };
  // Start right after a closed ring cell, then count runs that hold an orthogonal neighbour.
  let from = -1;
  for (let k = 0; k < 8; k++) if (!open(k)) from = k;
  if (from === -1) return true;
  let runs = 0;
  let inRun = false;
  let counted = false;
  for (let step = 1; step <= 8; step++) {
    const k = (from + step) & 7;
    if (open(k)) {
      if (!inRun) {
        inRun = true;
        counted = false;
      }
      if (k % 2 === 0 && !counted) {
        runs++;
        counted = true;
      }
    } else {
      inRun = false;
    }
  }
  return runs === 1;
}

// ---------------------------------------------------------------------------------------------
// Step 2 and 3: numbers.

/**
 * Numbers 1..k for every cell: the unshaded cells an edge colouring of rows x columns (no number
 * twice among the unshaded cells of a line), each shaded cell the number of a random unshaded
 * cell of its row or column. Null when some line has more than k unshaded cells.
 */
export function numberCells(g: Geometry, shaded: Uint8Array, k: number, random: Random): number[] | null {
  const { rows, cols, cells } = g;
  // at[line][colour]: the cell of that line holding that colour, or -1; rows are lines 0..R-1,
  // columns R..R+C-1.
  const at = Array.from({ length: rows + cols }, () => new Int32Array(k + 1).fill(-1));
  const colour = new Int32Array(cells);
  for (let line = 0; line < rows + cols; line++) {
    let white = 0;
    for (const i of g.lines[line]!) if (!shaded[i]) white++;
    if (white > k) return null;
  }
  const freeColours = (line: number): number[] => {
    const out: number[] = [];
    for (let x = 1; x <= k; x++) if (at[line]![x] === -1) out.push(x);
    return out;
  };
  for (const i of shuffled(random, cells)) {
    if (shaded[i]) continue;
    const r = rowOf(g, i);
    const c = rows + colOf(g, i);
    const freeR = freeColours(r);
    const common = freeR.filter((x) => at[c]![x] === -1);
    if (common.length > 0) {
      const x = pick(random, common);
      colour[i] = x;
      at[r]![x] = i;
      at[c]![x] = i;
      continue;
    }
    // König: a free at the row, b free at the column; swap a and b along the alternating path
    // from the column (a, b, a, ...), which cannot reach the row, then a is free at both.
    const a = pick(random, freeR);
    const b = pick(random, freeColours(c));
    const path: number[] = [];
    let line = c;
    let want = a;
    for (;;) {
      const j = at[line]![want]!;
      if (j === -1) break;
      path.push(j);
      const jr = rowOf(g, j);
      const jc = rows + colOf(g, j);
      line = line === jr ? jc : jr;
      want = want === a ? b : a;
    }
    for (const j of path) {
      const jr = rowOf(g, j);
      const jc = rows + colOf(g, j);
      if (at[jr]![colour[j]!] === j) at[jr]![colour[j]!] = -1;
      if (at[jc]![colour[j]!] === j) at[jc]![colour[j]!] = -1;
    }
    for (const j of path) {
      const jr = rowOf(g, j);
      const jc = rows + colOf(g, j);
      colour[j] = colour[j] === a ? b : a;
      at[jr]![colour[j]!] = j;
      at[jc]![colour[j]!] = j;
    }
    colour[i] = a;
    at[r]![a] = i;
    at[c]![a] = i;
  }
  for (let i = 0; i < cells; i++) {
    if (!shaded[i]) continue;
    const sources = lineCells(g, i).filter((j) => !shaded[j]);
    colour[i] = colour[pick(random, sources)]!;
  }
  return Array.from(colour);
}

// ---------------------------------------------------------------------------------------------
// Step 4: repair until unique, on one incremental solver per shading.

/** Number changes allowed per shading before it is dropped, per cell of the grid. */
const repairsPerCell = 2;

interface Repaired {
  /** The planted solution, the only one; null when the shading was dropped. */
  readonly solution: Shading | null;
  readonly repairs: number;
}

async function repair(
  g: Geometry,
  values: number[],
  start: Uint8Array,
  convention: Convention,
  random: Random,
  limit: Limit,
  fixed = false,
): Promise<Repaired> {
  let planted: Shading = Array.from(start, (s) => s === 1);
  let repairs = 0;
  const most = repairsPerCell * g.cells;
  // Each solver treats the cells shaded when it was built as the ones whose number may change.
  while (repairs <= most) {
    const solver = await RepairSolver.create(g, values, planted, convention, limit);
    let changed = false;
    try {
      for (;;) {
        const second = await solver.secondSolution();
        if (second === null) return { solution: planted, repairs };
        const moves: [number, number][] = [];
        let sheds = false;
        for (let x = 0; x < g.cells; x++) {
          if (!planted[x] || second[x]) continue;
          sheds = true;
          if (!solver.mutable[x]) continue;
          for (const y of lineCells(g, x)) if (!planted[y] && !second[y]) moves.push([x, y]);
        }
        if (!sheds) {
          // S2 shades all that S shades and more: no number can forbid it; it becomes S, unless
          // S is fixed (a pattern, a symmetric shading), which is then dropped.
          if (fixed) return { solution: null, repairs };
          planted = second;
          solver.plant(planted);
          continue;
        }
        // Only cells whose numbers are fixed in this solver would do: rebuild it, unless it is
        // new, in which case no move exists at all and the shading is dropped.
        if (moves.length === 0) {
          if (!changed) return { solution: null, repairs };
          break;
        }
        const [x, y] = pick(random, moves);
        values[x] = values[y]!;
        changed = true;
        solver.renumber();
        if (++repairs > most) return { solution: null, repairs };
      }
    } finally {
      solver.dispose();
    }
  }
  return { solution: null, repairs };
}

/**
 * The repair loop's solver: one session (rules 2 and 3, with cuts) for one planted shading and
 * the cells whose numbers may change. Rule 1 between two cells whose numbers never change here is
 * permanent; the pairs through a cell that may change, and the convention's clauses, hold under
 * the current epoch's selector; the planted solution is blocked under a selector of its own.
 */
class RepairSolver {
  /** Cells whose number may change (shaded when the solver was built). */
  readonly mutable: Uint8Array;
  private epoch = 0;
  private block = 0;
  private epochs = 0;
  private plants = 0;

  private constructor(
    private readonly session: SatSession,
    private readonly values: number[],
    planted: Shading,
    private readonly convention: Convention,
  ) {
    this.mutable = Uint8Array.from(planted, (s) => (s ? 1 : 0));
    session.formula.numberRules(values, { pair: (x, y) => !this.mutable[x] && !this.mutable[y] });
    this.renumber();
    this.plant(planted);
  }

  static async create(g: Geometry, values: number[], planted: Shading, convention: Convention, limit: Limit): Promise<RepairSolver> {
    const board: Puzzle = { rows: g.rows, cols: g.cols, values };
    const session = await SatSession.open(board, { rules: 'shading', limit });
    try {
      return new RepairSolver(session, values, planted, convention);
    } catch (error) {
      // Stopped at the limit while its clauses were stated: its solver is freed here.
      session.dispose();
      throw error;
    }
  }

  /** A new epoch: the number-dependent clauses for the current numbers. */
  renumber(): void {
    this.epoch = this.session.formula.variable(['epoch', this.epochs++]);
    const { mutable } = this;
    this.session.formula.numberRules(this.values, {
      unless: this.epoch,
      pair: (x, y) => mutable[x] === 1 || mutable[y] === 1,
      convention: this.convention,
    });
  }

  /** Blocks the planted solution (under a selector of its own, as the planted one may change). */
  plant(planted: Shading): void {
    this.block = this.session.formula.variable(['planted', this.plants++]);
    this.session.block(planted, this.block);
  }

  /** A valid shading other than the planted one under the current numbers, or null if none. */
  secondSolution(): Promise<Shading | null> {
    return this.session.find([this.epoch, this.block]);
  }

  dispose(): void {
    this.session.dispose();
  }
}
