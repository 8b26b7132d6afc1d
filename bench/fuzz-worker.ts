/**
 * The fuzz run's handler on the worker pool (src/pool/, as generate, enumerate and batch have
 * theirs): one task is a range of grids of the run, fuzzed in turn; its answer is their tally.
 */
import { bruteForce, type Disagreement, enumeratorCheck, fuzzOne, generatorCheck, gridAt } from './fuzz-lib.js';

/** What every task of one run shares. */
export interface FuzzConfig {
  readonly grids: number;
  readonly seed: number;
  readonly jobs: number;
  readonly minisatEvery: number;
  readonly nativeEvery: number;
  readonly generateEvery: number;
  /** A DIMACS solver binary on the PATH, or null. */
  readonly native: string | null;
}

/** A task: grids `from` up to (not including) `to` of the run. */
export interface FuzzTask {
  readonly config: FuzzConfig;
  readonly from: number;
  readonly to: number;
}

export interface Tally {
  grids: number;
  none: number;
  unique: number;
  several: number;
  minisat: number;
  native: number;
  /** Grids the enumerator judged (the others have more numbers than their longer side). */
  enumerated: number;
  /** Generated puzzles checked, and sizes where the generator found none within its time. */
  generated: number;
  generatorTimeouts: string[];
  disagreements: Disagreement[];
}

export function emptyTally(): Tally {
  return {
    grids: 0,
    none: 0,
    unique: 0,
    several: 0,
    minisat: 0,
    native: 0,
    enumerated: 0,
    generated: 0,
    generatorTimeouts: [],
    disagreements: [],
  };
}

/** Adds `part` into `total`. */
export function addTally(total: Tally, part: Tally): void {
  for (const field of ['grids', 'none', 'unique', 'several', 'minisat', 'native', 'enumerated', 'generated'] as const)
    total[field] += part[field];
  total.generatorTimeouts.push(...part.generatorTimeouts);
  total.disagreements.push(...part.disagreements);
}

/** Solutions compared per grid: above it, counts are compared as "more than cap". */
const cap = 8;

export async function handle({ config, from, to }: FuzzTask): Promise<Tally> {
  const tally = emptyTally();
  for (let k = from; k < to; k++) {
    const grid = gridAt(config.seed, k);
    const found = await fuzzOne(grid, k, {
      cap,
      minisatEvery: config.minisatEvery,
      ...(config.native === null ? {} : { native: { program: config.native, every: config.nativeEvery } }),
    });
    tally.disagreements.push(...found);
    const name = `${grid.puzzle.rows}x${grid.puzzle.cols} [${grid.puzzle.values.join(' ')}] ${grid.convention}`;
    const fail = (who: string, problem: string) => tally.disagreements.push({ grid: name, who, problem });
    if (enumeratorCheck(grid.puzzle, fail)) tally.enumerated++;
    if (k % config.generateEvery === 0) {
      const outcome = await generatorCheck(grid, String(config.seed), k, fail, 1000);
      if (outcome === 'checked') tally.generated++;
      if (outcome === 'timeout') tally.generatorTimeouts.push(`${grid.puzzle.rows}x${grid.puzzle.cols} ${grid.convention}`);
    }
    const count = bruteForce(grid.puzzle, grid.convention, 2).solutions.length;
    tally.grids++;
    if (count === 0) tally.none++;
    else if (count === 1) tally.unique++;
    else tally.several++;
    if (k % config.minisatEvery === 0) tally.minisat++;
    if (config.native !== null && k % config.nativeEvery === 0) tally.native++;
  }
  return tally;
}
