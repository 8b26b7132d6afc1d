/**
 * The wall screen of NCO-K (src/rules/walls.ts) against the definition: on random positions of
 * random grids, for every unknown cell x, the screen says "splits" exactly when x's knock-on trial
 * (x black, its unknown neighbours white, their unknown line mates black; void if that breaks
 * rule 1 or 2 or whitens nothing) leaves white cells that a flood fill over the non-black cells
 * cannot join. Both the trial and the flood fill are written here again, plainly.
 */
import { describe, expect, it } from 'vitest';
import { Board, BLACK, UNKNOWN, WHITE } from '../../src/rules/board.js';
import { KnockOnScreen } from '../../src/rules/walls.js';
import { mulberry32, randomInt } from '../support/brute-force.js';
import { expectSame } from '../support/expect-same.js';

function trialSplits(puzzle: { rows: number; cols: number; values: number[] }, state: Uint8Array, x: number): boolean {
  const { rows, cols, values } = puzzle;
  const s = state.slice();
  const nbrs = (i: number): number[] => {
    const r = Math.floor(i / cols);
    const c = i % cols;
    return [
      [r - 1, c],
      [r, c - 1],
      [r, c + 1],
      [r + 1, c],
    ]
      .filter(([rr, cc]) => rr! >= 0 && rr! < rows && cc! >= 0 && cc! < cols)
      .map(([rr, cc]) => rr! * cols + cc!);
  };
  const mates = (i: number): number[] => {
    const out: number[] = [];
    for (let j = 0; j < rows * cols; j++) {
      const sameLine = Math.floor(j / cols) === Math.floor(i / cols) || j % cols === i % cols;
      if (j !== i && sameLine && values[j] === values[i]) out.push(j);
    }
    return out;
  };
  s[x] = BLACK;
  const whitened: number[] = [];
  for (const j of nbrs(x)) {
    if (s[j] === BLACK) return false;
    if (s[j] === UNKNOWN) {
      s[j] = WHITE;
      whitened.push(j);
    }
  }
  if (whitened.length === 0) return false;
  const blackened: number[] = [];
  for (const w of whitened) {
    for (const m of mates(w)) {
      if (s[m] === WHITE) return false;
      if (s[m] === UNKNOWN) {
        s[m] = BLACK;
        blackened.push(m);
      }
    }
  }
  if (blackened.some((b) => nbrs(b).some((j) => s[j] === BLACK))) return false;
  const whites = [...s.keys()].filter((i) => s[i] === WHITE);
  const seen = new Set([whites[0]!]);
  const todo = [whites[0]!];
  while (todo.length > 0) for (const j of nbrs(todo.pop()!)) if (s[j] !== BLACK && !seen.has(j) && seen.add(j)) todo.push(j);
  return whites.some((w) => !seen.has(w));
}

describe('the wall screen of NCO-K', () => {
  it('says a trial splits the white cells exactly when a flood fill of the trial board does, on 4,000 random positions', () => {
    const rng = mulberry32(9);
    let splits = 0;
    let kept = 0;
    for (let round = 0; round < 4000; round++) {
      const rows = randomInt(rng, 1, 7);
      const cols = randomInt(rng, 1, 7);
      const n = rows * cols;
      const symbols = randomInt(rng, 1, Math.max(rows, cols));
      const values = Array.from({ length: n }, () => randomInt(rng, 1, symbols));
      const puzzle = { rows, cols, values };
      // Mostly unknown cells, some white, a few black: positions like those of a solve, and some that are not.
      const state = Uint8Array.from({ length: n }, () => {
        const t = rng();
        return t < 0.55 ? UNKNOWN : t < 0.8 ? WHITE : BLACK;
      });
      const board = new Board(puzzle, undefined, state);
      const screen = new KnockOnScreen(board);
      for (let x = 0; x < n; x++) {
        if (state[x] !== UNKNOWN) continue;
        const expected = trialSplits(puzzle, state, x);
        expectSame(screen.splits(x), expected, () => `${rows}x${cols} ${values.join(',')} state ${[...state].join('')} x ${x}`);
        if (expected) splits++;
        else kept++;
      }
      expectSame(board.state, state);
    }
    // Both answers occur often enough for the comparison to mean something.
    expect(splits).toBeGreaterThan(500);
    expect(kept).toBeGreaterThan(5000);
  });
});
