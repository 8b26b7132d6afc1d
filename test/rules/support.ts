/**
 * Helpers for the rule-engine tests: hand-made positions written as text, and an independent
 * enumerator of every solution that agrees with a position (backtracking over rules 1 and 2, then
 * the brute-force referee of test/support judges each complete shading), so that a test can say
 * "this deduction holds in every solution" without trusting the engine.
 */
import { expect } from 'vitest';
import { puzzleFromGrid, type Puzzle } from '../../src/puzzle/puzzle.js';
import { Board, BLACK, UNKNOWN, WHITE } from '../../src/rules/board.js';
import type { Deduction } from '../../src/rules/types.js';
import { isValid, randomInt } from '../support/brute-force.js';

/** "1 2 3 / 4 5 6" or one row per line. */
export function grid(text: string, id?: string): Puzzle {
  const rows = text
    .split(/\n|\//)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => line.split(/\s+/).map(Number));
  return puzzleFromGrid(rows, id);
}

/**
 * A board from a pattern in the same layout as the grid: `#` black, `o` white, `.` unknown. The
 * colours are set as given, without knock-on effects, so a test controls the position exactly.
 */
export function position(puzzle: Puzzle, pattern?: string): Board {
  const state = new Uint8Array(puzzle.rows * puzzle.cols);
  if (pattern !== undefined) {
    const marks = pattern.split(/\s+|\//).filter((t) => t !== '');
    if (marks.length !== state.length) throw new Error(`pattern has ${marks.length} marks for ${state.length} cells`);
    marks.forEach((m, i) => {
      if (m !== '#' && m !== 'o' && m !== '.') throw new Error(`bad mark ${m}`);
      state[i] = m === '#' ? BLACK : m === 'o' ? WHITE : UNKNOWN;
    });
  }
  return new Board(puzzle, undefined, state);
}

/** Cell index from a 1-based "r2c3". */
export function at(puzzle: Puzzle, name: string): number {
  const m = /^r(\d+)c(\d+)$/.exec(name);
  if (!m) throw new Error(`bad cell name ${name}`);
  return (Number(m[1]) - 1) * puzzle.cols + Number(m[2]) - 1;
}

/** Every solution (true = black) that agrees with the board's known cells. */
export function solutionsOf(puzzle: Puzzle, board?: Board, limit = 100_000): boolean[][] {
  const { rows, cols, values } = puzzle;
  const n = rows * cols;
  const shading: boolean[] = new Array<boolean>(n).fill(false);
  const out: boolean[][] = [];
  const fits = (i: number, black: boolean): boolean => {
    const r = Math.floor(i / cols);
    const c = i % cols;
    if (black) return !((r > 0 && shading[i - cols]) || (c > 0 && shading[i - 1]));
    for (let k = 0; k < c; k++) if (!shading[r * cols + k] && values[r * cols + k] === values[i]) return false;
    for (let k = 0; k < r; k++) if (!shading[k * cols + c] && values[k * cols + c] === values[i]) return false;
    return true;
  };
  const walk = (i: number): void => {
    if (out.length >= limit) return;
    if (i === n) {
      if (isValid(puzzle, shading)) out.push([...shading]);
      return;
    }
    for (const black of [false, true]) {
      if (board && ((black && board.isWhite(i)) || (!black && board.isBlack(i)))) continue;
      if (!fits(i, black)) continue;
      shading[i] = black;
      walk(i + 1);
      shading[i] = false;
    }
  };
  walk(0);
  return out;
}

/** Asserts that the board has a solution and that every deduction holds in all of them. */
export function expectSound(puzzle: Puzzle, board: Board, deductions: readonly Deduction[]): void {
  const all = solutionsOf(puzzle, board);
  expect(all.length, 'the position should have a solution').toBeGreaterThan(0);
  for (const d of deductions) {
    for (const { cell, colour } of d.cells) {
      for (const s of all) expect(s[cell] ? 'black' : 'white', `${d.technique}: ${d.reason}`).toBe(colour);
    }
  }
}

/** The cells a list of deductions colours, as "r1c2 white" strings, sorted. */
export function colours(puzzle: Puzzle, deductions: readonly Deduction[]): string[] {
  const name = (i: number) => `r${Math.floor(i / puzzle.cols) + 1}c${(i % puzzle.cols) + 1}`;
  return [...new Set(deductions.flatMap((d) => d.cells.map((c) => `${name(c.cell)} ${c.colour}`)))].sort();
}

/**
 * A puzzle with at least one solution: a random valid shading, a Latin fill of the grid, and
 * under each black cell the number of a white cell in its row or column (often a neighbour's,
 * which makes pairs).
 */
export function madePuzzle(rng: () => number, rows: number, cols: number): { rows: number; cols: number; values: number[] } {
  const n = rows * cols;
  const black = new Array<boolean>(n).fill(false);
  const order = Array.from({ length: n }, (_, i) => i).sort(() => rng() - 0.5);
  for (const i of order) {
    if (black.filter(Boolean).length >= n * 0.3) break;
    const r = Math.floor(i / cols);
    const c = i % cols;
    const nb = [r > 0 ? i - cols : -1, c > 0 ? i - 1 : -1, c < cols - 1 ? i + 1 : -1, r < rows - 1 ? i + cols : -1].filter((j) => j >= 0);
    if (nb.some((j) => black[j])) continue;
    black[i] = true;
    if (!isValid({ rows, cols, values: Array.from({ length: n }, (_, k) => k) }, black)) black[i] = false;
  }
  const m = Math.max(rows, cols);
  const perm = Array.from({ length: m }, (_, k) => k + 1).sort(() => rng() - 0.5);
  const rowPerm = Array.from({ length: rows }, (_, k) => k).sort(() => rng() - 0.5);
  const values = Array.from({ length: n }, (_, i) => perm[(rowPerm[Math.floor(i / cols)]! + (i % cols)) % m]!);
  for (let i = 0; i < n; i++) {
    if (!black[i]) continue;
    const r = Math.floor(i / cols);
    const c = i % cols;
    const line = [...Array.from({ length: cols }, (_, k) => r * cols + k), ...Array.from({ length: rows }, (_, k) => k * cols + c)].filter(
      (j) => j !== i && !black[j],
    );
    const near = line.filter((j) => Math.abs(j - i) === 1 || Math.abs(j - i) === cols);
    const pool = near.length > 0 && rng() < 0.6 ? near : line;
    values[i] = values[pool[randomInt(rng, 0, pool.length - 1)]!]!;
  }
  return { rows, cols, values };
}
