/**
 * The unshading lemma of src/rules/uniqueness.ts, and probes that used UC, on grids beyond 4x4,
 * against an independent enumeration of every solution (test/rules/support.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseJsonLines } from '../../src/formats/json.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { Board, BLACK, WHITE } from '../../src/rules/board.js';
import { solveByRules } from '../../src/rules/index.js';
import { Prob, ProbC } from '../../src/rules/probing.js';
import { probeRunner, selectTechniques } from '../../src/rules/strategy.js';
import { mulberry32 } from '../support/brute-force.js';
import { madePuzzle, solutionsOf } from './support.js';

const key = (s: readonly boolean[]) => s.map((b) => (b ? '#' : '.')).join('');

/** A solution no black cell of which can be unshaded: each repeats a white number of its row or column. */
function isMinimal(puzzle: Puzzle, s: readonly boolean[]): boolean {
  const { cols, values } = puzzle;
  return s.every((black, i) => {
    if (!black) return true;
    return s.some(
      (b, j) => !b && j !== i && values[j] === values[i] && (Math.floor(j / cols) === Math.floor(i / cols) || j % cols === i % cols),
    );
  });
}

/** Puzzles of the given sizes with at least one and fewer than `cap` solutions, each with its solutions. */
function samples(seed: number, sizes: readonly [number, number][], count: number, cap = 400): { puzzle: Puzzle; solutions: boolean[][] }[] {
  const rng = mulberry32(seed);
  const out: { puzzle: Puzzle; solutions: boolean[][] }[] = [];
  for (let round = 0; out.length < count && round < count * 20; round++) {
    const [rows, cols] = sizes[round % sizes.length]!;
    const puzzle = madePuzzle(rng, rows, cols);
    const solutions = solutionsOf(puzzle, undefined, cap);
    if (solutions.length > 0 && solutions.length < cap) out.push({ puzzle, solutions });
  }
  return out;
}

describe('the unshading lemma', () => {
  it('if the black cells of one solution lie within another, the larger drops any extra black cell and stays a solution (5x5, 4x6, 5x6)', () => {
    let pairs = 0;
    for (const { solutions } of samples(
      3,
      [
        [5, 5],
        [4, 6],
        [5, 6],
      ],
      40,
    )) {
      const all = new Set(solutions.map(key));
      for (const lower of solutions) {
        for (const upper of solutions) {
          if (lower === upper || !lower.every((b, i) => !b || upper[i])) continue;
          pairs++;
          upper.forEach((b, x) => {
            if (b && !lower[x]) expect(all.has(key(upper.map((c, i) => (i === x ? false : c))))).toBe(true);
          });
        }
      }
    }
    expect(pairs).toBeGreaterThan(10);
  });
});

describe('probes that used UC, beyond 4x4', () => {
  it('Prob and Prob-C deductions that used UC hold in every minimal solution that agrees with the board', () => {
    const rng = mulberry32(9);
    const runner = probeRunner(selectTechniques());
    const seen = { Prob: 0, 'Prob-C': 0 };
    // Menneske's 5x5 and 6x6 (unique under the rules as written) and made grids, many with several solutions.
    const menneske = parseJsonLines(readFileSync(fileURLToPath(new URL('../fixtures/menneske-sample.jsonl', import.meta.url)), 'utf8'))
      .filter((r) => r.puzzle.rows <= 6)
      .slice(0, 60)
      .map((r) => ({ puzzle: r.puzzle, solutions: solutionsOf(r.puzzle) }));
    for (const { puzzle, solutions } of [
      ...menneske,
      ...samples(
        5,
        [
          [5, 5],
          [5, 6],
          [6, 6],
        ],
        60,
      ),
    ]) {
      const minimal = solutions.filter((s) => isMinimal(puzzle, s));
      const chosen = minimal[0]!;
      for (const density of [0, 0.3, 0.6]) {
        const state = Uint8Array.from(chosen, (b) => (rng() < density ? (b ? BLACK : WHITE) : 0));
        const board = new Board(puzzle, undefined, state);
        const agreeing = minimal.filter((s) => s.every((b, i) => state[i] === 0 || b === (state[i] === BLACK)));
        for (const d of [...Prob(board, runner), ...ProbC(board, runner)]) {
          if (!d.usedUniqueness) continue;
          seen[d.technique as 'Prob' | 'Prob-C']++;
          for (const s of agreeing)
            for (const { cell, colour } of d.cells) expect(s[cell], `${puzzle.values.join(' ')}: ${d.reason}`).toBe(colour === 'black');
        }
      }
    }
    expect(seen.Prob).toBeGreaterThan(20);
    expect(seen['Prob-C']).toBeGreaterThan(5);
  });

  it('a solve whose steps used UC says unique exactly when the grid has one solution, and finds its one minimal solution', () => {
    let withUc = 0;
    for (const { puzzle, solutions } of samples(
      5,
      [
        [5, 5],
        [5, 6],
        [6, 6],
      ],
      80,
    )) {
      const result = solveByRules(puzzle);
      if (result.status !== 'solved') continue;
      if (result.usedUniqueness) withUc++;
      expect(result.unique).toBe(solutions.length === 1);
      expect(solutions.filter((s) => isMinimal(puzzle, s)).map(key)).toEqual([key(result.shading!)]);
    }
    expect(withUc).toBeGreaterThan(20);
  });
});
