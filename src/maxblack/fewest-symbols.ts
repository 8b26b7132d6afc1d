/**
 * Whether k numbers are enough to label an R x C grid that has a solution at all, proven.
 *
 * In a solution the unshaded cells of each row and column carry different numbers, so a grid
 * with k different numbers can only have a solution whose shading leaves at most k unshaded cells
 * in every line. The numbers play no other part: a valid shading (no two shaded cells share an
 * edge, the unshaded cells are one non-empty connected region) that leaves at most k unshaded
 * cells per line exists, or no grid with k numbers has any solution, under every convention
 * (they all keep rule 1 for the unshaded cells). Counting per line gives only ceil(n/2); the
 * connectivity rule raises it: every valid shading of a 5x5 board leaves 4 unshaded cells in
 * some line, so no 5x5 grid with 3 numbers has a solution (the generator searched for one for
 * ever).
 *
 * Formula, as in maxblack.ts: non-adjacency, connectivity by the enclosure-lemma seeds with lazy
 * cuts (each cut holds in every valid shading, so "unsatisfiable" is a proof), lex-leader
 * symmetry breaking (a rotation or reflection maps lines to lines, so it keeps the bound), and
 * per line L of n cells a totalizer whose output o_{n-k} ("at least n - k shaded") is assumed.
 * One incremental solver answers for every k.
 */
import { Limit } from '../control/limit.js';
import { TimeoutError } from '../control/errors.js';
import { geometry } from '../puzzle/geometry.js';
import type { Shading } from '../puzzle/puzzle.js';
import { SatSession } from '../solve/session.js';
import { blankBoard } from './maxblack.js';

type SymbolsVerdict =
  /** A valid shading with at most k unshaded cells per line, checked by the independent checker. */
  | { readonly enough: true; readonly shading: Shading }
  /** The solver proved that every valid shading leaves more than k unshaded cells in some line. */
  | { readonly enough: false }
  /** The limit passed first. */
  | { readonly enough: null };

/** Answers "enough?" for any k on one board, on one incremental solver. */
interface SymbolBound {
  /** Whether some valid shading leaves at most `k` unshaded cells in every row and column. */
  enough(k: number, limit?: Limit): Promise<SymbolsVerdict>;
  dispose(): void;
}

async function openSymbolBound(rows: number, cols: number): Promise<SymbolBound> {
  if (!Number.isSafeInteger(rows) || !Number.isSafeInteger(cols) || rows < 1 || cols < 1)
    throw new RangeError(`a board needs at least one row and one column, got ${rows}x${cols}`);
  const g = geometry(rows, cols);
  // CaDiCaL's own defaults (no options), as this search has always run.
  const session = await SatSession.open(blankBoard(rows, cols), { rules: 'shading', cadical: {} });
  const f = session.formula;
  // At most ceil(n/2) cells of a line of n can be shaded without two touching.
  const atLeast = g.lines.map((line) =>
    f.atLeast(
      Array.from(line, (i) => f.shaded(i)),
      Math.ceil(line.length / 2),
    ),
  );
  f.lexLeader();
  const unshadedMost = (shading: Shading) =>
    g.lines.reduce(
      (most, line) =>
        Math.max(
          most,
          line.reduce((n, i) => n + (shading[i] ? 0 : 1), 0),
        ),
      0,
    );
  return {
    async enough(k, limit) {
      // Every line has at most max(rows, cols) cells: the all-unshaded board will do.
      if (k >= Math.max(rows, cols)) return { enough: true, shading: new Array<boolean>(g.cells).fill(false) };
      const assumptions: number[] = [];
      for (const [l, line] of g.lines.entries()) {
        const shaded = line.length - k;
        if (shaded <= 0) continue;
        const o = atLeast[l]![shaded - 1];
        // More shaded cells than a line can hold without two touching.
        if (o === undefined) return { enough: false };
        assumptions.push(o);
      }
      let shading: Shading | null;
      try {
        shading = await session.find(assumptions, limit);
      } catch (error) {
        if (error instanceof TimeoutError && session.timedOut) return { enough: null };
        throw error;
      }
      if (shading === null) return { enough: false };
      const most = unshadedMost(shading);
      if (most > k) throw new Error(`symbols: the solver's shading leaves ${most} unshaded cells in a line, more than ${k}: a bug`);
      return { enough: true, shading };
    },
    dispose: () => session.dispose(),
  };
}

/** How long `symbolsProblem` may look for a proof before it lets the generator try. */
const symbolsCheckMs = 2000;

/**
 * Why no R x C grid numbered with k symbols has a solution, proven, or null (also when no proof
 * is found within a couple of seconds or before `limit`: the generator then simply searches).
 */
export async function symbolsProblem(rows: number, cols: number, k: number, limit = Limit.none): Promise<string | null> {
  if (k >= Math.max(rows, cols)) return null;
  const until = limit.within(symbolsCheckMs);
  const bound = await openSymbolBound(rows, cols);
  try {
    if ((await bound.enough(k, until)).enough !== false) return null;
    let least = k + 1;
    let verdict = await bound.enough(least, until);
    while (verdict.enough === false) verdict = await bound.enough(++least, until);
    const fewest = verdict.enough ? `the fewest that can is ${least}` : `at least ${least} are needed`;
    return `no ${rows}x${cols} grid with ${k} symbols has a solution: every valid shading leaves more than ${k} unshaded cells in some row or column, and those need different numbers (${fewest})`;
  } finally {
    bound.dispose();
  }
}
