/**
 * The text grid (renderShading, and the bytes it is written from) is the grid as the format says,
 * checked against a renderer written here cell by cell: numbers right-aligned to the widest, shaded
 * cells as '#', and on a partly decided grid undecided numbers in brackets and decided ones padded
 * to the same width; for numbers of every length up to 2^53 - 1.
 */
import { describe, expect, it } from 'vitest';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { asciiText, renderShading, shadingBytes } from '../../src/render/text.js';
import { mulberry32 } from '../support/brute-force.js';

/** The format, spelled out: each cell as a string, padded, joined by spaces, a line per row. */
function reference(puzzle: Puzzle, cells: readonly (boolean | null)[]): string {
  const open = cells.includes(null);
  const width = Math.max(...puzzle.values.map((v) => String(v).length)) + (open ? 2 : 0);
  const lines: string[] = [];
  for (let r = 0; r < puzzle.rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < puzzle.cols; c++) {
      const i = r * puzzle.cols + c;
      const v = String(puzzle.values[i]);
      const cell = cells[i] === true ? '#'.repeat(width) : cells[i] === null ? `[${v}]` : open ? ` ${v} ` : v;
      row.push(' '.repeat(width - cell.length) + cell);
    }
    lines.push(`${row.join(' ')}\n`);
  }
  return lines.join('');
}

function randomCase(seed: number, withUndecided: boolean): { puzzle: Puzzle; cells: (boolean | null)[] } {
  const random = mulberry32(seed);
  const rows = 1 + Math.floor(random() * 7);
  const cols = 1 + Math.floor(random() * 7);
  // Numbers of 1 to 16 digits, and the largest safe integer.
  const values = Array.from({ length: rows * cols }, () => {
    const pick = random();
    if (pick < 0.05) return Number.MAX_SAFE_INTEGER;
    return Math.max(1, Math.floor(10 ** (random() * 15.9)));
  });
  const cells = values.map(() => {
    const pick = random();
    return withUndecided && pick < 0.3 ? null : pick < 0.6;
  });
  return { puzzle: { rows, cols, values }, cells };
}

describe('the text grid', () => {
  it('draws a solved and a partly decided grid as the format says, for numbers of every length', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { puzzle, cells } = randomCase(seed, seed % 2 === 0);
      expect(renderShading(puzzle, cells), `seed ${seed}`).toBe(reference(puzzle, cells));
    }
  });

  it('writes the same text as bytes, from a function that gives each cell', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const { puzzle, cells } = randomCase(seed, seed % 3 === 0);
      const bytes = shadingBytes(puzzle, (i) => cells[i]!);
      expect(bytes && asciiText(bytes), `seed ${seed}`).toBe(reference(puzzle, cells));
    }
  });

  it('draws a grid whose numbers are not all positive safe integers as they are (a library caller may pass any number)', () => {
    const puzzle = { rows: 1, cols: 3, values: [2.5, 7, 1e21] };
    expect(shadingBytes(puzzle, () => false)).toBeUndefined();
    expect(renderShading(puzzle, [null, true, false])).toBe(reference(puzzle, [null, true, false]));
  });
});
