/**
 * Trial boards answer rule 3 questions from their origin's contracted graph and NCO-K from the
 * origin's screen (src/rules/trial-base.ts, walls.ts). On random grids, random origins (stable or
 * not) and random trials from them, every answer must be the one a board without an origin gets by
 * searching every cell: connectivity (verdict and reason), NCO (cells, weights, reasons) and
 * NCO-K (cells, reasons); and NCO's cells and weights are also checked against a plain flood fill
 * per cell written here.
 */
import { describe, expect, it } from 'vitest';
import { puzzleFromGrid } from '../../src/puzzle/puzzle.js';
import { Board } from '../../src/rules/board.js';
import { NCO, NCO_K } from '../../src/rules/connectivity.js';
import { Trial } from '../../src/rules/trial.js';
import { mulberry32, randomInt } from '../support/brute-force.js';

/** Per unknown cell x, the white cells that blackening x cuts off from the largest remaining part (0: splits nothing), by flood fills. */
function cutOffByFlood(board: Board): Map<number, number> {
  const { n } = board;
  const out = new Map<number, number>();
  const whites = [...Array(n).keys()].filter((i) => board.isWhite(i));
  for (let x = 0; x < n; x++) {
    if (!board.isUnknown(x)) continue;
    const part = new Int32Array(n).fill(-1);
    const sizes: number[] = [];
    for (const w of whites) {
      if (part[w] !== -1) continue;
      const id = sizes.length;
      let count = 0;
      const todo = [w];
      part[w] = id;
      while (todo.length > 0) {
        const i = todo.pop()!;
        if (board.isWhite(i)) count++;
        for (const j of board.neighbours(i)) {
          if (j === x || board.isBlack(j) || part[j] !== -1) continue;
          part[j] = id;
          todo.push(j);
        }
      }
      sizes.push(count);
    }
    if (sizes.length > 1) out.set(x, whites.length - Math.max(...sizes));
  }
  return out;
}

const plain = (board: Board) => new Board(board.puzzle, board.geo, board.state);
const told = (ds: ReturnType<typeof NCO>) =>
  ds.map((d) => ({ cells: d.cells, weight: d.weight, reason: d.reason, premises: [...d.premises] }));

describe('trial boards', () => {
  it('answer connectivity, NCO and NCO-K as a search of the whole board does, on hundreds of random trials', () => {
    const rng = mulberry32(23);
    let trials = 0;
    let nco = 0;
    let ncoK = 0;
    let apart = 0;
    for (let round = 0; round < 1500; round++) {
      // Small grids, and some large enough for NCO-K to reuse the origin's screen (a trial changing few cells).
      const large = round % 4 === 0;
      const rows = large ? randomInt(rng, 14, 20) : randomInt(rng, 3, 9);
      const cols = large ? randomInt(rng, 14, 20) : randomInt(rng, 3, 9);
      const n = rows * cols;
      const symbols = randomInt(rng, 2, Math.max(rows, cols));
      const values = Array.from({ length: rows }, () => Array.from({ length: cols }, () => randomInt(rng, 1, symbols)));
      const puzzle = puzzleFromGrid(values);
      // An origin: some cells coloured through the board (so with their knock-on effects), white cells connected.
      let origin = new Board(puzzle);
      for (let k = randomInt(rng, 0, n / 2); k > 0; k--) {
        const cell = randomInt(rng, 0, n - 1);
        if (!origin.isUnknown(cell)) continue;
        const copy = origin.clone();
        if (copy.assume(cell, rng() < 0.4 ? 'black' : 'white') && copy.checkConnectivity()) origin = copy;
      }
      for (let t = 0; t < 5; t++) {
        // A trial on the origin's own trail, undone at its end.
        const mark = origin.trailSize;
        const trial = new Trial(origin);
        const board = origin;
        // A few assumptions, each followed by the questions, as a probe's inner run asks them.
        for (let step = randomInt(rng, 1, 4); step > 0 && board.unknownCount > 0; step--) {
          let cell = randomInt(rng, 0, n - 1);
          while (!board.isUnknown(cell)) cell = (cell + 1) % n;
          const reference = plain(board);
          const okTrial = board.assume(cell, rng() < 0.5 ? 'black' : 'white');
          const okReference = reference.assume(cell, board.isBlack(cell) ? 'black' : 'white');
          expect(okTrial).toBe(okReference);
          if (!okTrial) break;
          trials++;
          const connected = board.checkConnectivity(trial);
          expect(connected).toBe(reference.checkConnectivity());
          expect(board.contradiction).toEqual(reference.contradiction);
          if (!connected) {
            apart++;
            break;
          }
          const found = NCO(board, trial);
          expect(told(found)).toEqual(told(NCO(reference)));
          const byFlood = cutOffByFlood(board);
          expect(found.map((d) => [d.cells[0]!.cell, d.weight])).toEqual(board.whiteCount < 2 ? [] : [...byFlood]);
          nco += found.length;
          const foundK = NCO_K(board, trial);
          expect(told(foundK)).toEqual(told(NCO_K(reference)));
          ncoK += foundK.length;
        }
        origin.undo(mark);
      }
    }
    // The random positions reach every case often enough to mean something.
    expect(trials).toBeGreaterThan(400);
    expect(nco).toBeGreaterThan(50);
    expect(ncoK).toBeGreaterThan(500);
    expect(apart).toBeGreaterThan(100);
  });
});
