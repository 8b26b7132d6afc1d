/**
 * Differential fuzzing: random small grids, each solved by an independent brute force written
 * for this purpose and by every way hitori-sat can solve it; any difference is a disagreement.
 *
 * The brute force shares no code with the project: a backtracking search over the cells in
 * row-major order that prunes only by the rules' local parts (two shaded neighbours; a number
 * repeated among the unshaded cells decided so far), then judges each complete shading straight
 * from the definitions (connectivity by flood fill, the conventions by counting a shaded cell's
 * twins in its row and column). It finds every solution up to a cap.
 *
 * Compared, per grid, under the grid's convention: the SAT engine on CaDiCaL and MiniSat, each
 * with lazy and layered connectivity (count up to the cap, and every solution found must be one
 * of the brute force's; below the cap the sets must be equal and `complete`); the deduction-first
 * engine (`hybrid`); the rule engine (literal convention only: `unique` only with the one
 * solution, `none` only without any, `multiple` only with two or more; `stuck` is allowed); and,
 * when a DIMACS binary is given, the exported CNF (satisfiable exactly when a solution exists,
 * its model one of them, and unsatisfiable with it blocked exactly when it is the only one).
 *
 * The generator and the enumerator are fuzzed the same way (enumeratorCheck, generatorCheck):
 * the enumerator's verdicts on the grid under each convention, and a puzzle generated at the
 * grid's size, which the brute force must find unique with the generator's solution.
 *
 * Every solve, the export and its decoding, and the generator are requests through `run`, as the
 * commands send them. The enumerator goes below the door: the `enumerate` command counts every
 * grid of a size, and the fuzz needs its verdict on one grid (one sequence of `Enumerator.run`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../src/api/node-run.js';
import type { Convention, Puzzle, Shading } from '../src/api/requests.js';
import { buildTables, Enumerator, sizeProblem, type Tables } from '../src/enumerate/enumerate.js';
import { specProblem } from '../src/generate/generate.js';

export const fuzzConventions: readonly Convention[] = ['literal', 'unique-white', 'shaded-duplicates'];

/** A seeded generator (mulberry32): the same seed gives the same grids everywhere. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FuzzGrid {
  readonly puzzle: Puzzle;
  readonly convention: Convention;
}

/** The k-th grid of the run with this seed: each grid has a generator of its own, so workers can share a run. */
export function gridAt(seed: number, k: number): FuzzGrid {
  return randomGrid(rng((seed ^ Math.imul(k + 1, 0x9e3779b1)) >>> 0), k);
}

/**
 * The k-th grid of a run: mostly up to 5x5, one in four a single row or column of up to 8 cells;
 * values from 1 to a random bound between 1 and the longer side + 1, so that many grids have no
 * solution or several; one in four with its values renamed to large numbers.
 */
export function randomGrid(random: () => number, k: number): FuzzGrid {
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  let rows: number;
  let cols: number;
  if (random() < 0.25) {
    const n = int(1, 8);
    [rows, cols] = random() < 0.5 ? [1, n] : [n, 1];
  } else {
    rows = int(1, 5);
    cols = int(1, 5);
  }
  const bound = int(1, Math.max(rows, cols) + 1);
  const small = Array.from({ length: rows * cols }, () => int(1, bound));
  // One grid in four writes its numbers large, renamed one to one: all equal modulo 2^32 (a
  // solver that compared them as 32-bit integers once called them equal), or just below 2^53.
  const values = k % 8 === 3 ? small.map((v) => 1 + v * 2 ** 32) : k % 8 === 7 ? small.map((v) => Number.MAX_SAFE_INTEGER - v) : small;
  return { puzzle: { rows, cols, values, id: `fuzz-${k}` }, convention: fuzzConventions[k % fuzzConventions.length]! };
}

/** Every solution of the grid under the convention, up to `cap` (then `capped`). */
export function bruteForce(puzzle: Puzzle, convention: Convention, cap: number): { solutions: boolean[][]; capped: boolean } {
  const { rows, cols, values } = puzzle;
  const n = rows * cols;
  const shaded = new Array<boolean>(n).fill(false);
  const solutions: boolean[][] = [];
  let capped = false;
  const go = (i: number): void => {
    if (capped) return;
    if (i === n) {
      // Rules 1 and 2 hold by the pruning below; connectivity and the convention are judged here.
      if (connectedAndConventional(puzzle, shaded, convention)) {
        if (solutions.length === cap) capped = true;
        else solutions.push([...shaded]);
      }
      return;
    }
    const r = Math.floor(i / cols);
    const c = i % cols;
    // Unshaded: no unshaded twin decided so far in the row or column.
    let clash = false;
    for (let k = 0; k < c && !clash; k++) if (!shaded[r * cols + k] && values[r * cols + k] === values[i]) clash = true;
    for (let k = 0; k < r && !clash; k++) if (!shaded[k * cols + c] && values[k * cols + c] === values[i]) clash = true;
    if (!clash) {
      shaded[i] = false;
      go(i + 1);
    }
    // Shaded: no shaded neighbour above or to the left.
    if (!(c > 0 && shaded[i - 1]) && !(r > 0 && shaded[i - cols])) {
      shaded[i] = true;
      go(i + 1);
      shaded[i] = false;
    }
  };
  go(0);
  return { solutions, capped };
}

/** The rules from their definitions, for a complete shading. */
function valid(puzzle: Puzzle, shaded: readonly boolean[], convention: Convention): boolean {
  const { rows, cols, values } = puzzle;
  const n = rows * cols;
  for (let i = 0; i < n; i++) {
    const r = Math.floor(i / cols);
    const c = i % cols;
    if (shaded[i] && ((c + 1 < cols && shaded[i + 1]) || (r + 1 < rows && shaded[i + cols]))) return false;
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const sameLine = Math.floor(i / cols) === Math.floor(j / cols) || i % cols === j % cols;
      if (sameLine && !shaded[i] && !shaded[j] && values[i] === values[j]) return false;
    }
  }
  return connectedAndConventional(puzzle, shaded, convention);
}

/** Rule 3 and the convention's rule, from their definitions. */
function connectedAndConventional(puzzle: Puzzle, shaded: readonly boolean[], convention: Convention): boolean {
  const { rows, cols, values } = puzzle;
  const n = rows * cols;
  const start = shaded.indexOf(false);
  if (start < 0) return false;
  const seen = new Array<boolean>(n).fill(false);
  const stack = [start];
  seen[start] = true;
  let reached = 1;
  while (stack.length > 0) {
    const i = stack.pop()!;
    const r = Math.floor(i / cols);
    const c = i % cols;
    for (const [rr, cc] of [
      [r - 1, c],
      [r + 1, c],
      [r, c - 1],
      [r, c + 1],
    ] as const) {
      if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) continue;
      const j = rr * cols + cc;
      if (!seen[j] && !shaded[j]) {
        seen[j] = true;
        reached++;
        stack.push(j);
      }
    }
  }
  if (reached !== shaded.filter((s) => !s).length) return false;
  if (convention === 'literal') return true;
  for (let i = 0; i < n; i++) {
    if (!shaded[i]) continue;
    let twins = 0;
    let unshadedTwins = 0;
    for (let j = 0; j < n; j++) {
      if (j === i || values[j] !== values[i]) continue;
      if (Math.floor(j / cols) !== Math.floor(i / cols) && j % cols !== i % cols) continue;
      twins++;
      if (!shaded[j]) unshadedTwins++;
    }
    if (convention === 'unique-white' && twins === 0) return false;
    if (convention === 'shaded-duplicates' && unshadedTwins === 0) return false;
  }
  return true;
}

export interface FuzzOptions {
  /** Solutions compared per grid: above it, counts are compared as "more than cap". */
  readonly cap: number;
  /** The MiniSat runs (a fresh 64 MiB asm.js module each) on every grid, or only on every k-th. */
  readonly minisatEvery: number;
  /** A DIMACS solver binary (`cadical`, `minisat`) for the exported CNF, and on every k-th grid. */
  readonly native?: { readonly program: string; readonly every: number };
}

/** What went wrong on one grid: who disagreed with the brute force, and how. */
export interface Disagreement {
  readonly grid: string;
  readonly who: string;
  readonly problem: string;
}

const key = (s: Shading) => s.map((x) => (x ? '1' : '0')).join('');

/** Runs every comparison on one grid; an empty list means all agree. */
export async function fuzzOne(grid: FuzzGrid, k: number, options: FuzzOptions): Promise<Disagreement[]> {
  const { puzzle, convention } = grid;
  const truth = bruteForce(puzzle, convention, options.cap);
  const truthKeys = new Set(truth.solutions.map(key));
  const count = truth.solutions.length;
  const out: Disagreement[] = [];
  const name = `${puzzle.rows}x${puzzle.cols} [${puzzle.values.join(' ')}] ${convention}`;
  const fail = (who: string, problem: string) => out.push({ grid: name, who, problem });

  const compareSet = (who: string, status: string, solutions: readonly Shading[], complete: boolean) => {
    const keys = solutions.map(key);
    if (new Set(keys).size !== keys.length) fail(who, 'the same solution listed twice');
    for (const s of keys) if (!truthKeys.has(s) && !(truth.capped && keys.length > 0)) fail(who, `a shading the brute force rejects: ${s}`);
    const expected = truth.capped ? 'multiple' : count === 0 ? 'none' : count === 1 ? 'unique' : 'multiple';
    if (status !== expected) fail(who, `status ${status}, the brute force says ${expected} (${count}${truth.capped ? '+' : ''})`);
    if (!truth.capped && solutions.length !== count) fail(who, `${solutions.length} solutions listed, the brute force has ${count}`);
    if (!truth.capped && !complete) fail(who, 'not complete although every solution was asked for');
  };

  const backends = k % options.minisatEvery === 0 ? (['cadical', 'minisat'] as const) : (['cadical'] as const);
  for (const backend of backends) {
    for (const connectivity of ['lazy', 'layers'] as const) {
      const who = `sat ${backend} ${connectivity}`;
      try {
        const r = await run({ command: 'solve', puzzle, engine: 'sat', backend, connectivity, convention, maxSolutions: options.cap + 1 });
        // Solutions the brute force did not list because of its cap must still be valid.
        for (const s of r.solutions) if (!truthKeys.has(key(s)) && !valid(puzzle, s, convention)) fail(who, `an invalid shading ${key(s)}`);
        compareSet(who, r.status, r.solutions, r.complete);
      } catch (error) {
        fail(who, `threw ${(error as Error).message}`);
      }
    }
  }
  try {
    const r = await run({ command: 'solve', puzzle, engine: 'hybrid', convention, maxSolutions: options.cap + 1 });
    compareSet('hybrid', r.status, r.solutions, r.complete);
  } catch (error) {
    fail('hybrid', `threw ${(error as Error).message}`);
  }
  if (convention === 'literal') {
    try {
      const r = await run({ command: 'solve', puzzle, engine: 'rules' });
      const bad =
        (r.status === 'unique' && !(count === 1 && !truth.capped && r.solutions.length === 1 && truthKeys.has(key(r.solutions[0]!)))) ||
        (r.status === 'none' && count !== 0) ||
        (r.status === 'multiple' && count < 2) ||
        r.solutions.some((s) => !valid(puzzle, s, 'literal'));
      if (bad) fail('rules', `status ${r.status}, the brute force has ${count}${truth.capped ? '+' : ''} solution(s)`);
    } catch (error) {
      fail('rules', `threw ${(error as Error).message}`);
    }
  }
  if (options.native && k % options.native.every === 0)
    await nativeCheck(grid, truth.solutions, truth.capped, options.native.program, fail);
  return out;
}

/**
 * The exported CNF (a `dimacs` request) on a DIMACS solver binary, its answer read back by a
 * `decode` request: satisfiable exactly when solvable, its model one of the solutions; unique
 * exactly when the CNF with that model blocked is unsatisfiable.
 */
async function nativeCheck(
  grid: FuzzGrid,
  solutions: readonly boolean[][],
  capped: boolean,
  program: string,
  fail: (who: string, problem: string) => void,
): Promise<void> {
  const { puzzle, convention } = grid;
  const who = `exported CNF on ${program}`;
  const dir = mkdtempSync(join(tmpdir(), 'hitori-sat-fuzz-'));
  try {
    const solve = async (block?: Shading) => {
      const path = join(dir, 'f.cnf');
      const cnf = await run({ command: 'dimacs', puzzle, convention, ...(block === undefined ? {} : { block }) });
      writeFileSync(path, [...cnf.chunks()].join(''));
      const args = program === 'minisat' ? [path, join(dir, 'out')] : ['-q', path];
      const res = spawnSync(program, args, { encoding: 'utf8' });
      const model = program === 'minisat' ? readFileSync(join(dir, 'out'), 'utf8') : res.stdout;
      return run({ command: 'decode', puzzle, convention, model });
    };
    const first = await solve();
    const keys = new Set(solutions.map(key));
    if ((first.status === 'valid' || first.status === 'invalid') !== solutions.length > 0) {
      fail(who, `${first.status === 'none' ? 'unsatisfiable' : first.status}, the brute force has ${solutions.length} solution(s)`);
      return;
    }
    if (first.status !== 'valid' && first.status !== 'invalid') return;
    if (first.status === 'invalid' || (!keys.has(key(first.shading)) && !capped)) {
      fail(who, `its model ${key(first.shading)} is no solution`);
      return;
    }
    const second = await solve(first.shading);
    const unique = solutions.length === 1 && !capped;
    if ((second.status === 'none') !== unique)
      fail(
        who,
        `with the model blocked: ${second.status === 'none' ? 'unsatisfiable' : second.status}, but ${solutions.length} solution(s)`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The enumerator on one grid: its restricted-growth form (numbers renamed 0, 1, 2, ... in order
 * of appearance, which changes no verdict) is a prefix of full length, so `Enumerator.run`
 * counts that one sequence. Its verdict per convention (none, unique, several) must be the brute
 * force's. Grids with more distinct numbers than their longer side, or beyond the enumerator's
 * 30 cells, are skipped (`false`).
 *
 * The tables are those of the grid's own count of distinct numbers, the fewest that hold its
 * sequence: a board's tables over its longer side's count took 13 s for 5x5 and 8 s for 1x8,
 * against 0.9 s over 3 and 0.2 s over 5. With `maxTableWords`, a grid whose tables would be
 * larger is skipped too (`false`): their time grows with their words, 6 s for the 20 million of
 * 5x5 over 5 symbols, 2.5 s for the 6.5 million over 4, 0.8 s for the 1.5 million over 3.
 */
export function enumeratorCheck(puzzle: Puzzle, fail: (who: string, problem: string) => void, maxTableWords = Infinity): boolean {
  const { rows, cols, values } = puzzle;
  const renamed = new Map<number, number>();
  const prefix = Uint8Array.from(values, (v) => {
    if (!renamed.has(v)) renamed.set(v, renamed.size);
    return renamed.get(v)!;
  });
  const size = { rows, cols, symbols: renamed.size };
  if (renamed.size > Math.max(rows, cols) || sizeProblem(size) !== null) return false;
  const key = `${rows}x${cols}x${renamed.size}`;
  let tables = enumeratorTables.get(key);
  if (tables === undefined) {
    if (tableWords(size) > maxTableWords) return false;
    tables = buildTables(size);
    enumeratorTables.set(key, tables);
  }
  const enumerator = new Enumerator(tables);
  enumerator.run(prefix);
  const counts = enumerator.counts();
  if (counts.classes !== 1) fail('enumerator', `counted ${counts.classes} sequences for one grid`);
  for (const convention of fuzzConventions) {
    const n = bruteForce(puzzle, convention, 2).solutions.length;
    const expected = n === 0 ? 'none' : n === 1 ? 'unique' : 'multiple';
    const got = (['none', 'unique', 'multiple'] as const).filter((v) => counts.conventions[convention][v] > 0);
    if (got.length !== 1 || got[0] !== expected)
      fail('enumerator', `${convention}: counted as ${got.join('+') || 'nothing'}, the brute force says ${expected}`);
  }
  return true;
}
const enumeratorTables = new Map<string, Tables>();

/**
 * The words of the bit sets that buildTables fills for a size: one set per line and filling of
 * it (symbols^length fillings of each of the `rows` rows and `cols` columns), each as many words
 * as the valid shadings need, which the tables over one symbol (one filling per line) give at
 * once.
 */
function tableWords(size: { rows: number; cols: number; symbols: number }): number {
  const { rows, cols, symbols } = size;
  const shape = `${rows}x${cols}`;
  let words = shadingWords.get(shape);
  if (words === undefined) {
    words = buildTables({ rows, cols, symbols: 1 }).words;
    shadingWords.set(shape, words);
  }
  return (rows * symbols ** cols + cols * symbols ** rows) * words;
}
const shadingWords = new Map<string, number>();

/**
 * The generator at the grid's size and convention (a `generate` request with seed `<seed>:<k>`,
 * with as many symbols as the longer side, or one fewer on odd k): its puzzle must have exactly
 * one solution by the brute force, and that must be the solution it reports. `skipped` for a size
 * the generator refuses (1x1, too few symbols for a single line), `timeout` when it found no
 * puzzle within `timeoutMs` (it searches until it finds one; with few symbols that can take long).
 */
export async function generatorCheck(
  grid: FuzzGrid,
  seed: string,
  k: number,
  fail: (who: string, problem: string) => void,
  timeoutMs = 5000,
): Promise<'checked' | 'skipped' | 'timeout'> {
  const { rows, cols } = grid.puzzle;
  const symbols = Math.max(rows, cols) - (k % 2);
  const spec = { rows, cols, symbols, convention: grid.convention };
  if (symbols < 1 || specProblem(spec) !== null) return 'skipped';
  const who = `generator ${rows}x${cols} symbols ${symbols} ${grid.convention} seed ${seed}:${k}`;
  try {
    const result = await run({ command: 'generate', ...spec, seed: `${seed}:${k}`, timeoutMs });
    const made = result.puzzles[0];
    if (made === undefined) return 'timeout';
    const truth = bruteForce(made.puzzle, grid.convention, 2).solutions;
    if (truth.length !== 1) fail(who, `made [${made.puzzle.values.join(' ')}], which has ${truth.length} solution(s) by the brute force`);
    else if (key(truth[0]!) !== key(made.solution))
      fail(who, `made [${made.puzzle.values.join(' ')}] with a solution the brute force does not find`);
    if (made.puzzle.values.some((v) => v < 1 || v > symbols)) fail(who, `a number outside 1..${symbols}`);
  } catch (error) {
    fail(who, `threw ${(error as Error).message}`);
  }
  return 'checked';
}
