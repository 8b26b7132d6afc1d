/** Lines (rows and columns) as the line techniques see them, and how messages name them. */
import type { Board } from './board.js';
import type { CellColour, Deduction, Scope, TechniqueCode } from './types.js';

/** The indices into `geo.lines` of the lines in scope: rows are 0..rows-1, columns follow. */
export function linesInScope(board: Board, scope: Scope): number[] {
  const out: number[] = [];
  const { rows, cols } = board.geo;
  if (scope.dir !== 'V') for (let r = 0; r < rows; r++) out.push(r);
  if (scope.dir !== 'H') for (let c = 0; c < cols; c++) out.push(rows + c);
  return out;
}

export function isRowLine(board: Board, line: number): boolean {
  return line < board.geo.rows;
}

/** "row 4" or "column 3". */
export function lineName(board: Board, line: number): string {
  return isRowLine(board, line) ? `row ${line + 1}` : `column ${line - board.geo.rows + 1}`;
}

/** A cell named by its place along a line: "c3" in a row, "r3" in a column. */
export function posLabel(board: Board, line: number, cell: number): string {
  return isRowLine(board, line) ? `c${board.col(cell) + 1}` : `r${board.row(cell) + 1}`;
}

/** "c3-c5" for a run of cells along a line. */
export function runLabel(board: Board, line: number, first: number, last: number): string {
  return `${posLabel(board, line, first)}-${posLabel(board, line, last)}`;
}

/** Whether the pair's cells lie in a row (direction H) or a column (V). */
export function dirOfPair(board: Board, a: number, b: number): 'H' | 'V' {
  return board.row(a) === board.row(b) ? 'H' : 'V';
}

export function inScope(scope: Scope, dir: 'H' | 'V'): boolean {
  return scope.dir === undefined || scope.dir === dir;
}

/** "r1c2", "r1c2 and r3c4", "r1c2, r3c4 and r5c6" */
export function labels(board: Board, cells: readonly number[]): string {
  return listing(cells.map((c) => board.label(c)));
}

/** "a", "a and b", "a, b and c": a list as a sentence says it. */
export function listing(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The singular or the plural form by count: `plural(1, 'is', 'are')`. */
export function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** A deduction of the cells not already of their colour; undefined when none is left. */
export function openDeduction(
  board: Board,
  technique: TechniqueCode,
  cells: readonly CellColour[],
  premises: readonly number[],
  reason: string,
  extra: { weight?: number } = {},
): Deduction | undefined {
  const open = cells.filter(({ cell, colour }) => (colour === 'white' ? !board.isWhite(cell) : !board.isBlack(cell)));
  if (open.length === 0) return undefined;
  return extra.weight === undefined
    ? { technique, cells: open, premises, reason }
    : { technique, cells: open, premises, reason, weight: extra.weight };
}
