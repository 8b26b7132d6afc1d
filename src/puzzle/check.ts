/**
 * The independent checker: judges a shading against the three rules (and a convention's extra
 * rule) directly from their definitions, sharing no code with the encodings, so that a wrong
 * encoding or a wrong decode cannot pass it. It deliberately does not use the shared geometry
 * (geometry.ts): its few lines of neighbours and lines below are its own, so that a bug in the
 * geometry cannot hide in both the encoding and its check.
 */
import type { Convention } from './convention.js';
import { cellName, type Puzzle, type Shading } from './puzzle.js';

/**
 * The orthogonal neighbours of cell i, written out here on purpose (see the header), into `out`
 * (reused by the caller: the checker runs on every answer, so it allocates nothing per cell).
 */
function besideCells(puzzle: Puzzle, i: number, out: number[]): number[] {
  const { rows, cols } = puzzle;
  const r = Math.floor(i / cols);
  const c = i - r * cols;
  out.length = 0;
  if (r > 0) out.push(i - cols);
  if (c > 0) out.push(i - 1);
  if (c < cols - 1) out.push(i + 1);
  if (r < rows - 1) out.push(i + cols);
  return out;
}

/** The cells of row r (see the header). */
function rowCells(puzzle: Puzzle, r: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < puzzle.cols; k++) out.push(r * puzzle.cols + k);
  return out;
}

/** The cells of column c (see the header). */
function columnCells(puzzle: Puzzle, c: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < puzzle.rows; k++) out.push(k * puzzle.cols + c);
  return out;
}

export type RuleName = 'repeat' | 'adjacent-shaded' | 'disconnected' | 'unique-white' | 'shaded-duplicates' | 'size';

export interface Violation {
  readonly rule: RuleName;
  /** The cells that break the rule (two repeats, two adjacent shaded cells, a cut-off cell...). */
  readonly cells: readonly number[];
  readonly message: string;
}

/** Every violation of the shading, or an empty list when it is a solution. */
export function checkShading(puzzle: Puzzle, shading: Shading, convention: Convention = 'literal'): Violation[] {
  const n = puzzle.rows * puzzle.cols;
  if (shading.length !== n) {
    return [{ rule: 'size', cells: [], message: `the shading has ${shading.length} cells, the puzzle ${n}` }];
  }
  const out: Violation[] = [];
  const name = (i: number) => cellName(puzzle, i);
  const v = puzzle.values;

  // Rule 1: no number twice among the unshaded cells of a line.
  const lines: number[][] = [];
  for (let r = 0; r < puzzle.rows; r++) lines.push(rowCells(puzzle, r));
  for (let c = 0; c < puzzle.cols; c++) lines.push(columnCells(puzzle, c));
  const seen = new Map<number, number>();
  for (const line of lines) {
    seen.clear();
    for (const i of line) {
      if (shading[i]) continue;
      const first = seen.get(v[i]!);
      if (first === undefined) seen.set(v[i]!, i);
      else out.push({ rule: 'repeat', cells: [first, i], message: `${v[i]} is unshaded twice, at ${name(first)} and ${name(i)}` });
    }
  }

  // Rule 2: no two shaded cells share an edge (each pair reported once, from its lower index).
  const beside: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!shading[i]) continue;
    for (const j of besideCells(puzzle, i, beside)) {
      if (j > i && shading[j])
        out.push({ rule: 'adjacent-shaded', cells: [i, j], message: `shaded cells touch at ${name(i)} and ${name(j)}` });
    }
  }

  // Rule 3: the unshaded cells form one non-empty orthogonally connected region.
  const white = [];
  for (let i = 0; i < n; i++) if (!shading[i]) white.push(i);
  if (white.length === 0) {
    out.push({ rule: 'disconnected', cells: [], message: 'every cell is shaded: there is no unshaded region' });
  } else {
    const reached = new Uint8Array(n);
    const stack = [white[0]!];
    reached[white[0]!] = 1;
    while (stack.length > 0) {
      const i = stack.pop()!;
      for (const j of besideCells(puzzle, i, beside)) {
        if (!shading[j] && !reached[j]) {
          reached[j] = 1;
          stack.push(j);
        }
      }
    }
    const cut = white.filter((i) => !reached[i]);
    if (cut.length > 0) {
      out.push({
        rule: 'disconnected',
        cells: cut,
        message: `${cut.length} unshaded cell(s) are cut off from ${name(white[0]!)}, first at ${name(cut[0]!)}`,
      });
    }
  }

  if (convention !== 'literal') {
    for (let i = 0; i < n; i++) {
      if (!shading[i]) continue;
      const r = Math.floor(i / puzzle.cols);
      const mates = [...rowCells(puzzle, r), ...columnCells(puzzle, i - r * puzzle.cols)].filter((j) => j !== i && v[j] === v[i]);
      if (convention === 'unique-white' && mates.length === 0) {
        out.push({ rule: 'unique-white', cells: [i], message: `${name(i)} is shaded but its ${v[i]} is unique in its row and column` });
      }
      if (convention === 'shaded-duplicates' && !mates.some((j) => !shading[j])) {
        out.push({
          rule: 'shaded-duplicates',
          cells: [i],
          message: `${name(i)} is shaded but no unshaded cell in its row or column shows ${v[i]}`,
        });
      }
    }
  }
  return out;
}

/** Whether the shading obeys every rule of the convention. */
export function isSolution(puzzle: Puzzle, shading: Shading, convention: Convention = 'literal'): boolean {
  return checkShading(puzzle, shading, convention).length === 0;
}
