/**
 * `repair` against brute force on every sampled grid up to 4x4: the change sets it returns work
 * (the changed puzzle has exactly one solution, the kept one, by the brute-force enumerator), no
 * set of fewer changes works (every such set tried), and when it says the list is complete, its
 * sets of cells are exactly those of the brute force's minimal change sets. "Beyond the bound" means no set of
 * that many changes works, tried exhaustively too.
 */
import { describe, expect, it } from 'vitest';
import { repairPuzzle, type NumberChange } from '../../src/generate/repair.js';
import { parseText } from '../../src/formats/text.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { checkShading } from '../../src/puzzle/check.js';
import { solveHitori } from '../../src/solve/solve.js';
import { ambiguous10, ambiguous17 } from '../support/ambiguous.js';
import { bruteForceMasks, judgeMask, mulberry32, randomGrid, randomInt, toMask, type Grid } from '../support/brute-force.js';

/** The shadings that obey rules 2 and 3 (they do not depend on the numbers). */
function shapesOf(grid: Grid): number[] {
  return bruteForceMasks(grid, { noRepeat: false, noAdjacentShaded: true, connected: true, convention: 'literal' });
}

/** The solutions (rule 1 too) of the grid with these numbers, among the shapes. */
function solutionsWith(grid: Grid, values: readonly number[], shapes: readonly number[]): number[] {
  const changed = { ...grid, values };
  return shapes.filter((mask) => !judgeMask(changed, mask).repeat);
}

/** Every set of exactly `size` changes (cell -> another number of 1..K), as cell-ordered lists. */
function* changeSets(n: number, K: number, size: number, from = 0): Generator<[number, number][]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let cell = from; cell <= n - size; cell++)
    for (let u = 1; u <= K; u++) for (const rest of changeSets(n, K, size - 1, cell + 1)) yield [[cell, u], ...rest];
}

/** Whether the changes make the grid unique, with solution `kept` (or any, when null). */
function works(grid: Grid, changes: readonly [number, number][], kept: number | null, shapes: readonly number[]): boolean {
  const values = [...grid.values];
  for (const [cell, u] of changes) values[cell] = u;
  const solutions = solutionsWith(grid, values, shapes);
  return solutions.length === 1 && (kept === null || solutions[0] === kept);
}

/** The working change sets of exactly `size` changes (a real change each), as keys. */
function workingSets(grid: Grid, K: number, size: number, kept: number | null, shapes: readonly number[]): Set<string> {
  const out = new Set<string>();
  for (const set of changeSets(grid.values.length, K, size)) {
    if (set.some(([cell, u]) => grid.values[cell] === u)) continue;
    if (works(grid, set, kept, shapes)) out.add(keyOf(set));
  }
  return out;
}

/** Every pair of cells that share a row or a column. */
function lineMatesOf(grid: Grid): [number, number][] {
  const out: [number, number][] = [];
  for (let x = 0; x < grid.values.length; x++)
    for (let y = x + 1; y < grid.values.length; y++)
      if (Math.floor(x / grid.cols) === Math.floor(y / grid.cols) || x % grid.cols === y % grid.cols) out.push([x, y]);
  return out;
}

const keyOf = (set: readonly [number, number][]) => set.map(([c, u]) => `${c}=${u}`).join(' ');
const asPairs = (changes: readonly NumberChange[]): [number, number][] => changes.map((c) => [c.cell, c.to]);

let completeChecks = 0;
/** Checks one result against brute force. */
async function judgeRepair(grid: Grid & { id: string }, options: { keep?: boolean[]; maxChanges: number }) {
  const K = Math.max(...grid.values);
  const shapes = shapesOf(grid);
  const result = await repairPuzzle(grid, {
    maxChanges: options.maxChanges,
    alternatives: 200,
    ...(options.keep ? { keep: options.keep } : {}),
  });
  const kept = result.solution === null ? null : toMask(result.solution);
  const originals = solutionsWith(grid, grid.values, shapes);
  if (options.keep !== undefined) expect(result.kept).toBe('given');
  else if (originals.length === 0) expect(result.kept, grid.id).toBe('any');
  else {
    // The first solution, made maximal: a solution that no other solution's shaded cells contain.
    expect(result.kept, grid.id).toBe('first-solution');
    expect(originals, grid.id).toContain(kept);
    expect(
      originals.some((t) => t !== kept && (t & kept!) === kept),
      grid.id,
    ).toBe(false);
  }
  if (result.status === 'impossible') {
    // Another valid shading survives every numbering that keeps S: each two of its unshaded
    // cells in a line are both unshaded in S, so distinct whenever S is a solution.
    const pairsUnshadedInS = (t: number) =>
      lineMatesOf(grid).every(
        ([x, y]) => ((t >>> x) & 1) === 1 || ((t >>> y) & 1) === 1 || (((kept! >>> x) & 1) === 0 && ((kept! >>> y) & 1) === 0),
      );
    expect(
      shapes.some((t) => t !== kept && pairsUnshadedInS(t)),
      grid.id,
    ).toBe(true);
    return result;
  }
  const bound = result.status === 'repaired' ? result.fewest! : options.maxChanges + 1;
  expect(result.status, grid.id).not.toBe('timeout');
  for (let size = 0; size < bound; size++) expect(workingSets(grid, K, size, kept, shapes).size, `${grid.id}: ${size} changes`).toBe(0);
  if (result.status === 'repaired') {
    const k = result.fewest!;
    expect(result.provenBelow).toBe(k);
    for (const repair of result.repairs) {
      expect(repair.changes).toHaveLength(k);
      expect(works(grid, asPairs(repair.changes), kept, shapes), grid.id).toBe(true);
      expect(checkShading(repair.puzzle, repair.solution)).toEqual([]);
      if (kept !== null) expect(toMask(repair.solution)).toBe(kept);
    }
    // One change set per set of cells; when complete, every set of cells where one works.
    const cellsOf = (key: string) =>
      key
        .split(' ')
        .map((change) => change.split('=')[0])
        .join(' ');
    const cellSets = result.repairs.map((r) => r.changes.map((c) => c.cell).join(' '));
    expect(new Set(cellSets).size, grid.id).toBe(cellSets.length);
    if (result.complete) {
      completeChecks++;
      const expected = new Set([...workingSets(grid, K, k, kept, shapes)].map(cellsOf));
      expect(new Set(cellSets), grid.id).toEqual(expected);
    }
  }
  return result;
}

describe('repair', () => {
  const rng = mulberry32(4242);
  const grids = Array.from({ length: 70 }, () => {
    const rows = randomInt(rng, 1, 4);
    const cols = randomInt(rng, rows === 1 ? 3 : 2, 4);
    return randomGrid(rng, rows, cols, randomInt(rng, 2, Math.max(rows, cols)));
  });

  it('finds the fewest changes, proven minimal by trying every smaller change set, on random grids up to 4x4', async () => {
    const seen = { repaired: 0, none: 0, multiple: 0, beyond: 0, nonzero: 0 };
    for (const grid of grids) {
      const maxChanges = grid.values.length > 12 ? 2 : 3;
      const result = await judgeRepair(grid, { maxChanges });
      if (result.status === 'repaired') seen.repaired++;
      if (result.status === 'beyond-bound') seen.beyond++;
      if ((result.fewest ?? 0) > 0) seen.nonzero++;
      if (result.kept === 'any') seen.none++;
      if (result.kept === 'first-solution' && (result.fewest ?? 1) > 0) seen.multiple++;
    }
    // The sample covers puzzles with no solution, with several, repairs of one change and more, and the bound.
    expect(seen.repaired).toBeGreaterThan(20);
    expect(seen.none).toBeGreaterThan(5);
    expect(seen.multiple).toBeGreaterThan(5);
    expect(seen.nonzero).toBeGreaterThan(10);
    expect(seen.beyond).toBeGreaterThan(5);
    // Most repairs list every minimal change set, compared with the brute force's whole set.
    expect(completeChecks).toBeGreaterThan(20);
  });

  it('keeps a given shading, even one that is not a solution yet, and proves the fewest changes for it', async () => {
    const rng2 = mulberry32(77);
    let checked = 0;
    for (let t = 0; t < 25; t++) {
      const grid = randomGrid(rng2, 3, randomInt(rng2, 3, 4), 3);
      const shapes = shapesOf(grid);
      const mask = shapes[randomInt(rng2, 0, shapes.length - 1)]!;
      const keep = Array.from({ length: grid.values.length }, (_, i) => ((mask >>> i) & 1) === 1);
      const result = await judgeRepair(grid, { keep, maxChanges: 3 });
      expect(result.solution).toEqual(keep);
      checked++;
    }
    expect(checked).toBe(25);
  });

  it('says no change can help when another solution survives every numbering that keeps the kept one', async () => {
    // 1 2 / 2 1 has the empty shading as a solution, and shading a corner keeps the rest connected.
    const grid = { rows: 2, cols: 2, values: [1, 2, 2, 1], id: '1 2 / 2 1' };
    const result = await judgeRepair(grid, { keep: [false, false, false, false], maxChanges: 3 });
    expect(result.status).toBe('impossible');
  });

  it('repairs a 10x10 with two solutions within a second and a 17x17 within five, each repair proven unique by a fresh solve', async () => {
    for (const [text, limit] of [
      [ambiguous10, 1000],
      [ambiguous17, 5000],
    ] as const) {
      const puzzle: Puzzle = parseText(text);
      const before = await solveHitori(puzzle);
      expect(before.status).toBe('multiple');
      const result = await repairPuzzle(puzzle);
      expect(result.status).toBe('repaired');
      expect(result.timeMs).toBeLessThan(limit);
      for (const repair of result.repairs) {
        const after = await solveHitori(repair.puzzle);
        expect(after.status).toBe('unique');
        expect(after.solutions[0]).toEqual(repair.solution);
        expect(repair.solution).toEqual(result.solution);
      }
    }
  });

  it('reports a limit that passed before its search as a timeout that proved nothing yet, not an error', async () => {
    const result = await repairPuzzle(parseText(ambiguous10), { deadline: Date.now() - 1 });
    expect(result.status).toBe('timeout');
    expect(result.provenBelow).toBe(0);
    expect(result.repairs).toEqual([]);
    expect(result.complete).toBe(false);
  });
});
