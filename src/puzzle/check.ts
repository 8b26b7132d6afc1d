/**
 * The independent checker: judges a shading against the three rules (and a convention's extra
 * rule) directly from their definitions, sharing no code with the encodings, so that a wrong
 * encoding or a wrong decode cannot pass it. It deliberately does not use the shared geometry
 * (geometry.ts): its few lines of neighbours and lines below are its own, so that a bug in the
 * geometry cannot hide in both the encoding and its check.
 */
import type { Convention } from './convention.js';
import { cellName, type Puzzle, type Shading } from './puzzle.js';

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

/**
 * The checker's working arrays, one array kept from call to call for grids of up to 2^17 cells:
 * the checker runs on every answer, once per solve, and a fresh typed array is a backing store
 * that V8 frees on a background thread after the next scavenge; a solve's worth of them slowed
 * the solving after each scavenge (see the deduction core, src/rules/core.ts).
 */
const keptCells = 1 << 17;
let kept = new Int32Array(0);

/** Every violation of the shading, or an empty list when it is a solution. */
export function checkShading(puzzle: Puzzle, shading: Shading, convention: Convention = 'literal'): Violation[] {
  const n = puzzle.rows * puzzle.cols;
  if (shading.length !== n) {
    return [{ rule: 'size', cells: [], message: `the shading has ${shading.length} cells, the puzzle ${n}` }];
  }
  const out: Violation[] = [];
  const name = (i: number) => cellName(puzzle, i);
  const v = puzzle.values;

  // Rule 1: no number twice among the unshaded cells of a line. "Where was this number last seen
  // unshaded" is two typed arrays by number, stamped per line, not a map per line: the checker
  // runs on every answer, a 50x50 included. The usual numbers (small non-negative integers) index
  // them directly; others are renamed 0, 1, 2, ... first, through a map.
  // Per cell: its number's index, whether the flood reached it, the flood's stack; per number: the
  // line and the cell where it was last seen unshaded.
  let top = -1;
  for (let i = 0; i < n && top <= n; i++) {
    const x = v[i]!;
    if (!(x >= 0 && (x | 0) === x)) top = Number.POSITIVE_INFINITY;
    else if (x > top) top = x;
  }
  const direct = top <= n;
  const numbers = direct ? n + 1 : n;
  let work = kept;
  if (work.length < 4 * n + 2 * numbers) {
    work = new Int32Array(4 * n + 2 * numbers);
    if (n <= keptCells) kept = work;
  }
  const key = work.subarray(0, n);
  let distinct = numbers;
  if (direct) for (let i = 0; i < n; i++) key[i] = v[i]!;
  else {
    const keys = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      let k = keys.get(v[i]!);
      if (k === undefined) {
        k = keys.size;
        keys.set(v[i]!, k);
      }
      key[i] = k;
    }
    distinct = keys.size;
  }
  const seenInLine = work.subarray(3 * n, 3 * n + distinct).fill(-1);
  const seenAt = work.subarray(3 * n + distinct, 3 * n + 2 * distinct);
  // Line l is row l, then (l >= rows) column l - rows; its cells in order, as rowCells and
  // columnCells list them, without making the lists (this runs once per solve). The rows visit
  // every cell once, so they count the unshaded cells for rule 3 as well.
  const { rows, cols } = puzzle;
  const seen = (l: number, i: number) => {
    const k = key[i]!;
    if (seenInLine[k] !== l) {
      seenInLine[k] = l;
      seenAt[k] = i;
    } else {
      const first = seenAt[k]!;
      out.push({ rule: 'repeat', cells: [first, i], message: `${v[i]} is unshaded twice, at ${name(first)} and ${name(i)}` });
    }
  };
  let whites = 0;
  let first = -1;
  for (let r = 0, i = 0; r < rows; r++)
    for (let c = 0; c < cols; c++, i++) {
      if (shading[i]) continue;
      whites++;
      if (first < 0) first = i;
      seen(r, i);
    }
  for (let c = 0; c < cols; c++) for (let i = c; i < n; i += cols) if (!shading[i]) seen(rows + c, i);

  // Rule 2: no two shaded cells share an edge; each pair is reported once, from its upper or left
  // cell (the checker's own neighbour arithmetic, see the header).
  const touching = (i: number, j: number) => {
    if (shading[j]) out.push({ rule: 'adjacent-shaded', cells: [i, j], message: `shaded cells touch at ${name(i)} and ${name(j)}` });
  };
  for (let i = 0; i < n; i++) {
    if (!shading[i]) continue;
    if (i % cols < cols - 1) touching(i, i + 1);
    if (i + cols < n) touching(i, i + cols);
  }

  // Rule 3: the unshaded cells form one non-empty orthogonally connected region: a flood fill
  // from the first unshaded cell must reach every unshaded cell.
  if (first < 0) {
    out.push({ rule: 'disconnected', cells: [], message: 'every cell is shaded: there is no unshaded region' });
  } else {
    const reached = work.subarray(n, 2 * n).fill(0);
    const stack = work.subarray(2 * n, 3 * n);
    let top = 0;
    let count = 0;
    const reach = (j: number) => {
      if (!shading[j] && !reached[j]) {
        reached[j] = 1;
        count++;
        stack[top++] = j;
      }
    };
    reach(first);
    while (top > 0) {
      const i = stack[--top]!;
      const c = i % cols;
      if (i >= cols) reach(i - cols);
      if (c > 0) reach(i - 1);
      if (c < cols - 1) reach(i + 1);
      if (i + cols < n) reach(i + cols);
    }
    if (count < whites) {
      const cut: number[] = [];
      for (let i = 0; i < n; i++) if (!shading[i] && !reached[i]) cut.push(i);
      out.push({
        rule: 'disconnected',
        cells: cut,
        message: `${cut.length} unshaded cell(s) are cut off from ${name(first)}, first at ${name(cut[0]!)}`,
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

/**
 * The rules a board in progress already breaks, judged only by what is marked (true shaded, false
 * marked unshaded, null not marked): a number twice among the cells marked unshaded in a line,
 * two shaded cells that touch, or cells marked unshaded that the shaded cells already cut apart
 * (no path through cells not shaded joins them). An unfinished board that breaks none may still
 * have no solution; one that breaks one has none. Empty when the marks break no rule.
 */
export function checkMarks(puzzle: Puzzle, marks: readonly (boolean | null)[]): Violation[] {
  const n = puzzle.rows * puzzle.cols;
  if (marks.length !== n) return [{ rule: 'size', cells: [], message: `${marks.length} marks for ${n} cells` }];
  const out: Violation[] = [];
  const name = (i: number) => cellName(puzzle, i);
  const v = puzzle.values;
  const { rows, cols } = puzzle;
  const lines = [
    ...Array.from({ length: rows }, (_, r) => rowCells(puzzle, r)),
    ...Array.from({ length: cols }, (_, c) => columnCells(puzzle, c)),
  ];
  for (const line of lines) {
    const seen = new Map<number, number>();
    for (const i of line) {
      if (marks[i] !== false) continue;
      const first = seen.get(v[i]!);
      if (first === undefined) seen.set(v[i]!, i);
      else out.push({ rule: 'repeat', cells: [first, i], message: `${v[i]} is marked unshaded twice, at ${name(first)} and ${name(i)}` });
    }
  }
  for (let i = 0; i < n; i++) {
    if (marks[i] !== true) continue;
    for (const j of [i % cols < cols - 1 ? i + 1 : -1, i + cols < n ? i + cols : -1])
      if (j >= 0 && marks[j] === true)
        out.push({ rule: 'adjacent-shaded', cells: [i, j], message: `shaded cells touch at ${name(i)} and ${name(j)}` });
  }
  const first = marks.indexOf(false);
  if (first >= 0) {
    const reached = new Uint8Array(n);
    const stack = [first];
    reached[first] = 1;
    while (stack.length > 0) {
      const i = stack.pop()!;
      const c = i % cols;
      for (const j of [i >= cols ? i - cols : -1, c > 0 ? i - 1 : -1, c < cols - 1 ? i + 1 : -1, i + cols < n ? i + cols : -1]) {
        if (j < 0 || reached[j] || marks[j] === true) continue;
        reached[j] = 1;
        stack.push(j);
      }
    }
    const cut: number[] = [];
    for (let i = 0; i < n; i++) if (marks[i] === false && !reached[i]) cut.push(i);
    if (cut.length > 0)
      out.push({
        rule: 'disconnected',
        cells: cut,
        message: `${cut.length} cell(s) marked unshaded are cut off from ${name(first)} by shaded cells, first at ${name(cut[0]!)}`,
      });
  }
  return out;
}
