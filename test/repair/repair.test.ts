/**
 * `repair` against an independent brute force on random grids up to 5x5, in both scopes. The
 * brute force shares no code with the SAT side: the shadings that obey rules 2 and 3 are listed
 * once per size (every independent set of cells, kept when test/support/brute-force.ts finds
 * its unshaded cells connected), and a numbering's solutions are those shadings with no two
 * unshaded cells of a line holding one number. It then tries every set of changes (each cell
 * given another number of 1..K+1) of every size below the one `repair` reports, any solution or
 * the kept one, and confirms that each reported repair leaves exactly one solution (the one
 * reported, which passes the independent checker of src/puzzle/check.ts). When `repair` says
 * its list is complete, its sets of cells are exactly the brute force's.
 *
 * Speed of the brute force: a shading is a solution of the changed numbers only if each of its
 * repeats under the original numbers involves a changed cell, so for a set of cells C only the
 * shadings whose first original repeat touches C (or that have none) are judged, each then in
 * full under every choice of numbers on C.
 */
import { Limit } from '../../src/control/limit.js';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/api/run.js';
import { parseText } from '../../src/formats/text.js';
import { repairPuzzle, type RepairResult } from '../../src/repair/repair.js';
import type { ProgressEvent } from '../../src/control/progress.js';
import { checkShading } from '../../src/puzzle/check.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { solveHitori } from '../../src/solve/solve.js';
import { ambiguous10, ambiguous17 } from '../support/ambiguous.js';
import { fromMask, judgeMask, mulberry32, randomGrid, randomInt, toMask, type Grid } from '../support/brute-force.js';

/** A shading obeying rules 2 and 3, with the pairs of its unshaded cells that share a line. */
interface Shape {
  readonly mask: number;
  /** Pairs of unshaded cells in one line, flattened: x0, y0, x1, y1, ... */
  readonly pairs: Int32Array;
}

const shapesBySize = new Map<string, Shape[]>();

/** Every shading of a rows x cols grid that obeys rules 2 and 3 (computed once per size). */
function shapesOf(rows: number, cols: number): Shape[] {
  const key = `${rows}x${cols}`;
  const known = shapesBySize.get(key);
  if (known !== undefined) return known;
  const n = rows * cols;
  const blank: Grid = { rows, cols, values: Array.from({ length: n }, (_, i) => i) };
  const shapes: Shape[] = [];
  const visit = (i: number, mask: number): void => {
    if (i === n) {
      if (judgeMask(blank, mask).disconnected) return;
      const pairs: number[] = [];
      for (let x = 0; x < n; x++) {
        if ((mask >>> x) & 1) continue;
        for (let y = x + 1; y < n; y++) {
          if ((mask >>> y) & 1) continue;
          if (Math.floor(x / cols) === Math.floor(y / cols) || x % cols === y % cols) pairs.push(x, y);
        }
      }
      shapes.push({ mask, pairs: Int32Array.from(pairs) });
      return;
    }
    visit(i + 1, mask);
    const left = i % cols > 0 && ((mask >>> (i - 1)) & 1) === 1;
    const up = i >= cols && ((mask >>> (i - cols)) & 1) === 1;
    if (!left && !up) visit(i + 1, mask | (1 << i));
  };
  visit(0, 0);
  shapesBySize.set(key, shapes);
  return shapes;
}

/** Whether the shape obeys rule 1 under these numbers. */
function solves(shape: Shape, values: readonly number[]): boolean {
  const { pairs } = shape;
  for (let p = 0; p < pairs.length; p += 2) if (values[pairs[p]!] === values[pairs[p + 1]!]) return false;
  return true;
}

/** The solutions of the grid with these numbers (every valid shading that obeys rule 1), as masks. */
function solutionsOf(grid: Grid, values: readonly number[]): number[] {
  return shapesOf(grid.rows, grid.cols)
    .filter((shape) => solves(shape, values))
    .map((shape) => shape.mask);
}

interface Truth {
  /** The fewest changes that work, or null when none of at most `maxSize` does. */
  readonly fewest: number | null;
  /** At the fewest: each set of cells on which some choice of numbers works, as "c1 c2 ...". */
  readonly cellSets: ReadonlySet<string>;
}

/** Every k-subset of 0..n-1, in order. */
function* subsets(n: number, k: number, from = 0): Generator<number[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let c = from; c <= n - k; c++) for (const rest of subsets(n, k - 1, c + 1)) yield [c, ...rest];
}

/**
 * The brute force: for each size 0, 1, ... up to `maxSize`, every set of cells and every choice
 * of other numbers of 1..K+1 on them; a choice works when exactly one shading solves the grid
 * (the kept one, when given). Stops at the first size where some choice works.
 */
function bruteForce(grid: Grid, keep: number | null, maxSize: number): Truth {
  const n = grid.values.length;
  const V = Math.max(...grid.values) + 1;
  const shapes = shapesOf(grid.rows, grid.cols);
  // Each shape's repeats under the original numbers; indexed by the cells of its first one.
  const repeats = new Map<Shape, Int32Array>();
  const clean: Shape[] = [];
  const byCell: Shape[][] = Array.from({ length: n }, () => []);
  for (const shape of shapes) {
    const { pairs } = shape;
    const own: number[] = [];
    for (let p = 0; p < pairs.length; p += 2) if (grid.values[pairs[p]!] === grid.values[pairs[p + 1]!]) own.push(pairs[p]!, pairs[p + 1]!);
    if (own.length === 0) clean.push(shape);
    else {
      repeats.set(shape, Int32Array.from(own));
      byCell[own[0]!]!.push(shape);
      byCell[own[1]!]!.push(shape);
    }
  }
  const inSet = new Uint8Array(n);
  for (let size = 0; size <= Math.min(maxSize, n); size++) {
    const cellSets = new Set<string>();
    for (const cells of subsets(n, size)) {
      // A shape can solve the changed grid only if each of its repeats touches a changed cell.
      for (const c of cells) inSet[c] = 1;
      const candidates = new Set(clean);
      for (const c of cells)
        for (const shape of byCell[c]!) {
          const own = repeats.get(shape)!;
          let touched = true;
          for (let p = 0; p < own.length && touched; p += 2) touched = inSet[own[p]!] === 1 || inSet[own[p + 1]!] === 1;
          if (touched) candidates.add(shape);
        }
      for (const c of cells) inSet[c] = 0;
      const values = [...grid.values];
      // Every choice of another number on each cell of the set (an odometer over the cells).
      const choice = cells.map(() => 0);
      for (;;) {
        cells.forEach((c, j) => {
          const u = choice[j]! + 1;
          values[c] = u >= grid.values[c]! ? u + 1 : u;
        });
        let count = 0;
        let only = -1;
        for (const shape of candidates) {
          if (!solves(shape, values)) continue;
          only = shape.mask;
          if (++count > 1) break;
        }
        if (count === 1 && (keep === null || only === keep)) {
          cellSets.add(cells.join(' '));
          break;
        }
        let j = 0;
        while (j < cells.length && ++choice[j]! === V - 1) choice[j++] = 0;
        if (j === cells.length) break;
      }
    }
    if (cellSets.size > 0) return { fewest: size, cellSets };
  }
  return { fewest: null, cellSets: new Set() };
}

const tally = { repaired: 0, zero: 0, one: 0, more: 0, beyond: 0, impossible: 0, complete: 0, newNumber: 0, noSolution: 0 };

/** Checks one result of `repair` against the brute force. */
async function judgeRepair(grid: Grid & { id: string }, options: { keep?: number; maxChanges?: number }): Promise<RepairResult> {
  const n = grid.values.length;
  const K = Math.max(...grid.values);
  const keep = options.keep ?? null;
  const result = await repairPuzzle(grid, {
    alternatives: 1000,
    ...(options.maxChanges === undefined ? {} : { maxChanges: options.maxChanges }),
    ...(keep === null ? {} : { keep: fromMask(keep, n) }),
  });
  const id = `${grid.id}${keep === null ? '' : ` keep ${keep}`}`;
  expect(result.scope, id).toBe(keep === null ? 'any-solution' : 'keep-solution');
  expect(result.values, id).toBe(K + 1);
  expect(result.solution === null ? null : toMask(result.solution), id).toBe(keep);
  expect(result.status, id).not.toBe('timeout');
  if (solutionsOf(grid, grid.values).length === 0) tally.noSolution++;
  // The brute force tries every set of fewer changes than reported (all of them up to the bound when none was found).
  const limit = result.fewest ?? Math.min(options.maxChanges ?? n, n);
  if (result.status === 'repaired') {
    const truth = bruteForce(grid, keep, limit);
    tally.repaired++;
    const k = result.fewest!;
    if (k === 0) tally.zero++;
    else if (k === 1) tally.one++;
    else tally.more++;
    expect(truth.fewest, id).toBe(k);
    expect(result.provenBelow, id).toBe(k);
    expect(result.repairs.length, id).toBeGreaterThan(0);
    for (const repair of result.repairs) {
      // The changes are real, within 1..K+1, and make exactly the puzzle reported.
      expect(repair.changes, id).toHaveLength(k);
      const values = [...grid.values];
      for (const c of repair.changes) {
        expect(c.from, id).toBe(grid.values[c.cell]);
        expect(c.to, id).not.toBe(c.from);
        expect(c.to >= 1 && c.to <= K + 1, id).toBe(true);
        if (c.to === K + 1) tally.newNumber++;
        values[c.cell] = c.to;
      }
      expect(repair.puzzle.values, id).toEqual(values);
      // Exactly one solution by the brute force, the one reported, which the independent checker accepts.
      expect(solutionsOf(grid, values), id).toEqual([toMask(repair.solution)]);
      expect(checkShading(repair.puzzle, repair.solution), id).toEqual([]);
      if (keep !== null) expect(toMask(repair.solution), id).toBe(keep);
    }
    const cellSets = result.repairs.map((r) => r.changes.map((c) => c.cell).join(' '));
    expect(new Set(cellSets).size, id).toBe(cellSets.length);
    for (const cells of cellSets) expect(truth.cellSets.has(cells), `${id}: cells ${cells}`).toBe(true);
    if (result.complete) {
      tally.complete++;
      expect(new Set(cellSets), id).toEqual(truth.cellSets);
    }
  } else if (result.status === 'beyond-bound') {
    tally.beyond++;
    expect(result.provenBelow, id).toBe(options.maxChanges! + 1);
    expect(bruteForce(grid, keep, limit).fewest, id).toBeNull();
  } else {
    // Impossible: with S kept, another valid shading T whose unshaded line-mates are all
    // unshaded in S too survives every numbering that keeps S a solution (a proof by itself);
    // otherwise the brute force has tried every numbering of 1..K+1 (limit = n).
    tally.impossible++;
    expect(result.status, id).toBe('impossible');
    const survivor =
      keep !== null &&
      shapesOf(grid.rows, grid.cols).some((t) => {
        if (t.mask === keep) return false;
        for (let p = 0; p < t.pairs.length; p += 2) if ((keep >>> t.pairs[p]!) & 1 || (keep >>> t.pairs[p + 1]!) & 1) return false;
        return true;
      });
    if (!survivor) {
      expect(n, `${id}: too large to try every numbering`).toBeLessThanOrEqual(9);
      expect(bruteForce(grid, keep, n).fewest, id).toBeNull();
    }
  }
  return result;
}

describe('repair', () => {
  it('repairs 1 3 2 / 3 2 1 / 2 3 3 with one change (a solution it does not have yet), and needs two keeping its present solution', async () => {
    const grid = { rows: 3, cols: 3, values: [1, 3, 2, 3, 2, 1, 2, 3, 3], id: '132/321/233' };
    const any = await judgeRepair(grid, {});
    expect(any.fewest).toBe(1);
    // Keeping one of its present solutions takes two (the old repair's answer, keeping its first
    // solution found); over any solution, never more than keeping any one of them.
    const present = solutionsOf(grid, grid.values);
    expect(present.length).toBeGreaterThan(1);
    const keeping: number[] = [];
    for (const keep of present) keeping.push((await judgeRepair(grid, { keep })).fewest ?? Number.POSITIVE_INFINITY);
    expect(keeping).toContain(2);
    expect(Math.min(...keeping)).toBeGreaterThanOrEqual(1);
  });

  it('finds the fewest changes over any solution, numbers 1..K+1, on 100 random grids up to 5x5 (brute force agrees)', async () => {
    const rng = mulberry32(3030);
    // Mostly 3x3 to 4x4, some 5x5; the bound keeps the brute force's larger sizes short.
    const sizes: [number, number, number | undefined][] = [
      ...Array.from({ length: 30 }, () => [3, 3, undefined] as [number, number, undefined]),
      ...Array.from({ length: 10 }, () => [2, 4, undefined] as [number, number, undefined]),
      ...Array.from({ length: 20 }, () => [3, 4, 3] as [number, number, number]),
      ...Array.from({ length: 20 }, () => [4, 4, 3] as [number, number, number]),
      ...Array.from({ length: 5 }, () => [4, 5, 2] as [number, number, number]),
    ];
    for (const [rows, cols, maxChanges] of sizes) {
      const grid = randomGrid(rng, rows, cols, randomInt(rng, 2, Math.max(rows, cols)));
      await judgeRepair(grid, maxChanges === undefined ? {} : { maxChanges });
    }
    // Random 5x5 grids need more changes than the brute force can try quickly: these are unique
    // 5x5 and 4x5 puzzles (the generator's) with one or two numbers changed at random, so that
    // the fewest is at most that, and no bound is given.
    for (const [rows, cols, count] of [
      [5, 5, 10],
      [4, 5, 5],
    ] as const) {
      const { puzzles } = await run({ command: 'generate', rows, cols, count, seed: `repair-${rows}x${cols}` });
      for (const { puzzle } of puzzles) {
        const values = [...puzzle.values];
        const K = Math.max(...values);
        for (let j = randomInt(rng, 1, 2); j > 0; j--) values[randomInt(rng, 0, values.length - 1)] = randomInt(rng, 1, K);
        await judgeRepair({ rows, cols, values, id: `${rows}x${cols}:${values.join('')}` }, {});
      }
    }
    // The sample covers already-unique grids, one change and more, grids with no solution,
    // a new number, the bound, and complete lists compared set for set.
    expect(tally.zero).toBeGreaterThan(0);
    expect(tally.one).toBeGreaterThan(10);
    expect(tally.more).toBeGreaterThan(10);
    expect(tally.noSolution).toBeGreaterThan(5);
    expect(tally.newNumber).toBeGreaterThan(0);
    expect(tally.beyond).toBeGreaterThan(0);
    expect(tally.complete).toBeGreaterThan(30);
  }, 60_000);

  it('with keep, finds the fewest changes that make the given shading the only solution (brute force agrees)', async () => {
    const rng = mulberry32(77);
    const statuses = new Set<string>();
    for (let t = 0; t < 25; t++) {
      const rows = t < 15 ? 3 : randomInt(rng, 3, 4);
      const grid = randomGrid(rng, rows, randomInt(rng, 3, 4), 3);
      const shapes = shapesOf(grid.rows, grid.cols);
      const keep = shapes[randomInt(rng, 0, shapes.length - 1)]!.mask;
      const result = await judgeRepair(grid, { keep, maxChanges: 3 });
      statuses.add(result.status);
    }
    expect(statuses.has('repaired')).toBe(true);
  }, 60_000);

  it('says no change can help when another solution survives every numbering that keeps the kept one', async () => {
    // 1 2 / 2 1 has the empty shading as a solution, and shading a corner keeps the rest connected.
    const grid = { rows: 2, cols: 2, values: [1, 2, 2, 1], id: '12/21' };
    const result = await judgeRepair(grid, { keep: 0 });
    expect(result.status).toBe('impossible');
    expect(result.provenBelow).toBeGreaterThan(0);
  });

  it('reports each bound proven as a progress event, then the repair', async () => {
    // Two changes needed (brute force), so bounds 0 and 1 are proven first.
    const rng = mulberry32(5);
    let grid: (Grid & { id: string }) | undefined;
    while (grid === undefined) {
      const g = randomGrid(rng, 3, 3, 3);
      if (bruteForce(g, null, 2).fewest === 2) grid = g;
    }
    const events: ProgressEvent[] = [];
    const result = await run({ command: 'repair', puzzle: grid }, { onProgress: (e) => events.push(e) });
    expect(result.fewest).toBe(2);
    const proven = events.filter((e) => /no repair with/.test(e.message));
    expect(proven.map((e) => [e.phase, e.done, e.message])).toEqual([
      ['repair', 1, 'repair: no repair with 0 changes over any solution (proven)'],
      ['repair', 2, 'repair: no repair with 1 change over any solution (proven)'],
    ]);
  });

  it('repairs a 10x10 and a 17x17 with several solutions, each repair proven unique by a fresh solve', async () => {
    for (const text of [ambiguous10, ambiguous17]) {
      const puzzle: Puzzle = parseText(text);
      const before = await solveHitori(puzzle);
      expect(before.status).toBe('multiple');
      // The puzzles are one change from a unique one: the fewest is 1, and 0 is proven impossible.
      const result = await repairPuzzle(puzzle, { maxChanges: 1, alternatives: 2 });
      expect(result.status).toBe('repaired');
      expect(result.fewest).toBe(1);
      for (const repair of result.repairs) {
        const after = await solveHitori(repair.puzzle);
        expect(after.status).toBe('unique');
        expect(after.solutions[0]).toEqual(repair.solution);
        expect(checkShading(repair.puzzle, repair.solution)).toEqual([]);
      }
    }
  }, 60_000);

  it('reports a limit that passed before its search as a timeout that proved nothing yet, not an error', async () => {
    const result = await repairPuzzle(parseText(ambiguous10), { limit: Limit.at(Date.now() - 1) });
    expect(result.status).toBe('timeout');
    expect(result.provenBelow).toBe(0);
    expect(result.repairs).toEqual([]);
    expect(result.complete).toBe(false);
  });
});
