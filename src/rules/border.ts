/**
 * Border techniques (class E of the thesis's Table 5): pairs stacked against an edge of the grid,
 * numbers only (Tatham lists BoP-D and BoP-T as DEP and TEP, still to do in singles.c).
 *
 * Picture the top edge (the other three are the same, turned). A "stack" of m pairs at columns
 * j, j+1 means: in each of the rows 0..m-1 the two cells at columns j and j+1 show one number
 * (the number may differ from row to row). Each such pair has exactly one black cell (rule 1:
 * not both white; rule 2: not both black), and the black cells of two rows of the stack are in
 * different columns (rule 2), so the stack is a checkerboard. In row k < m-1 the white cell has
 * the edge or a black cell above, a black cell below and a black cell beside it; on any grid of 4
 * or more cells it needs a white neighbour (rule 3, Board.needsExit), so the cell beside it on
 * the outside, (k, j-1) or (k, j+2), is white, and the other outside cell touches the black cell
 * of the row (rule 2). So both cells flanking the stack in every row but the last are white.
 *
 * BoP-D ("Border of Double Pairs"): m >= 2, the flanks of row 0. Also when the two pairs stand
 *       across the edge (column pairs side by side): the square is a checkerboard all the same.
 * BoP-T ("Border of Triple Pairs"): m >= 3, the flanks of rows 0 and 1.
 * BoP   ("Border of Pairs"): any m, the flanks of rows 0..m-2 (new cells from m >= 4 on).
 */
import type { Board } from './board.js';
import { inScope, labels, listing, openDeduction, plural } from './lines.js';
import type { Deduction, Scope } from './types.js';

/** One edge: `cell(k, t)` is the cell k steps in from the edge at position t along it. */
interface Edge {
  readonly name: string;
  readonly length: number;
  readonly depth: number;
  /** The direction of the lines that run along the edge ('H' for the top and bottom). */
  readonly along: 'H' | 'V';
  cell(k: number, t: number): number;
}

function edges(board: Board): Edge[] {
  const { rows, cols } = board;
  return [
    { name: 'top edge', length: cols, depth: rows, along: 'H', cell: (k, t) => board.at(k, t) },
    { name: 'bottom edge', length: cols, depth: rows, along: 'H', cell: (k, t) => board.at(rows - 1 - k, t) },
    { name: 'left edge', length: rows, depth: cols, along: 'V', cell: (k, t) => board.at(t, k) },
    { name: 'right edge', length: rows, depth: cols, along: 'V', cell: (k, t) => board.at(t, cols - 1 - k) },
  ];
}

interface Stack {
  readonly edge: Edge;
  readonly j: number;
  /** Number of pairs along the edge (0 when only the across-the-edge square applies). */
  readonly m: number;
  readonly across: boolean;
}

function stacks(board: Board, scope: Scope): Stack[] {
  const out: Stack[] = [];
  if (board.rows < 2 || board.cols < 2) return out;
  for (const edge of edges(board)) {
    for (let j = 0; j + 1 < edge.length; j++) {
      let m = 0;
      while (m < edge.depth && board.value(edge.cell(m, j)) === board.value(edge.cell(m, j + 1))) m++;
      const across =
        board.value(edge.cell(0, j)) === board.value(edge.cell(1, j)) &&
        board.value(edge.cell(0, j + 1)) === board.value(edge.cell(1, j + 1));
      const acrossDir = edge.along === 'H' ? 'V' : 'H';
      const useAlong = m >= 2 && inScope(scope, edge.along);
      const useAcross = across && inScope(scope, acrossDir);
      if (useAlong || useAcross) out.push({ edge, j, m: useAlong ? m : 0, across: useAcross });
    }
  }
  return out;
}

function flankDeduction(board: Board, technique: 'BoP-D' | 'BoP-T' | 'BoP', s: Stack, rowsUpTo: number): Deduction | undefined {
  const { edge, j } = s;
  const cells: number[] = [];
  const premises: number[] = [];
  const pairsShown = Math.max(s.m, 2);
  for (let k = 0; k < pairsShown; k++) premises.push(edge.cell(k, j), edge.cell(k, j + 1));
  for (let k = 0; k < rowsUpTo; k++) {
    if (j - 1 >= 0) cells.push(edge.cell(k, j - 1));
    if (j + 2 < edge.length) cells.push(edge.cell(k, j + 2));
  }
  const pair = (a: number, b: number) => `${board.value(a)} ${board.value(b)} at ${board.label(a)}-${board.label(b)}`;
  const shape =
    s.m >= 2
      ? `${s.m} pairs stacked against the ${edge.name} (${listing(Array.from({ length: s.m }, (_, k) => pair(edge.cell(k, j), edge.cell(k, j + 1))))})`
      : `two pairs across the ${edge.name} (${pair(edge.cell(0, j), edge.cell(1, j))} and ${pair(edge.cell(0, j + 1), edge.cell(1, j + 1))})`;
  return openDeduction(
    board,
    technique,
    cells.map((cell) => ({ cell, colour: 'white' })),
    premises,
    `${shape} each have one black cell, in a checkerboard, so the flanking cell${plural(cells.length, '', 's')} ${labels(board, cells)} ${plural(cells.length, 'is', 'are')} white`,
  );
}

export function BoP_D(board: Board, scope: Scope = {}): Deduction[] {
  const out: Deduction[] = [];
  for (const s of stacks(board, scope)) {
    const d = flankDeduction(board, 'BoP-D', s, 1);
    if (d) out.push(d);
  }
  return out;
}

export function BoP_T(board: Board, scope: Scope = {}): Deduction[] {
  const out: Deduction[] = [];
  for (const s of stacks(board, scope)) {
    if (s.m < 3) continue;
    const d = flankDeduction(board, 'BoP-T', s, 2);
    if (d) out.push(d);
  }
  return out;
}

export function BoP(board: Board, scope: Scope = {}): Deduction[] {
  const out: Deduction[] = [];
  for (const s of stacks(board, scope)) {
    if (s.m < 4) continue;
    const d = flankDeduction(board, 'BoP', s, s.m - 1);
    if (d) out.push(d);
  }
  return out;
}
