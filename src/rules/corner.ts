/**
 * Corner techniques (class D of the thesis's Table 5): the 2x2 square in a corner of the grid,
 * numbers only. In each corner, c is the corner cell, s1 its neighbour along the row, s2 its
 * neighbour along the column, q the cell diagonal to c. Rule 3 enters through one fact: on any
 * grid of 4 or more cells a solution has two or more white cells (Board.needsExit), so a white c
 * needs a white neighbour, i.e. s1 and s2 are not both black.
 *
 * CP  ("Corner Pairs", Tatham's QC): two pairs in the corner square (c = s1 and s2 = q, or
 *     c = s2 and s1 = q): c and q are black, s1 and s2 white. Sound: if c were white, its partner
 *     in the pair would be black (rule 1), and so would one of the other pair; that one either
 *     touches the first black cell (rule 2) or is c's other neighbour, shutting c in (rule 3).
 *     So c is black, s1 and s2 white (rule 2), and q, the partner of s1 or s2, black (rule 1).
 *     Also when all four numbers are equal.
 * DoT ("Diagonal of a Triple", Tatham's TC): (1) c = s1 = s2: c is black (a white c would make
 *     both its neighbours black, rule 1, shutting it in, rule 3), so s1, s2 white. (2) s1 = s2 = q:
 *     q is black (a white q makes s1 and s2 black, shutting in c, which is then white by rule 2),
 *     so s1, s2 white. (3) c = q = s1 (or c = q = s2): the other neighbour of c is white: were s2
 *     black, c and q would be white (rule 2), so s1, in c's row with c's number, black (rule 1),
 *     shutting c in (rule 3).
 */
import type { Board } from './board.js';
import { openDeduction } from './lines.js';
import type { CellColour, Deduction } from './types.js';

interface Corner {
  readonly c: number;
  readonly s1: number;
  readonly s2: number;
  readonly q: number;
}

/** The four corner squares (fewer on a grid with one row or one column: none). */
function corners(board: Board): Corner[] {
  const { rows, cols } = board;
  if (rows < 2 || cols < 2) return [];
  const out: Corner[] = [];
  for (const [r, dr] of [
    [0, 1],
    [rows - 1, -1],
  ] as const) {
    for (const [c, dc] of [
      [0, 1],
      [cols - 1, -1],
    ] as const) {
      out.push({ c: board.at(r, c), s1: board.at(r, c + dc), s2: board.at(r + dr, c), q: board.at(r + dr, c + dc) });
    }
  }
  return out;
}

/** The corner square as it stands on the grid, top row first: "corner r10c10 (square r9c9-r10c10: 10 10 / 10 6)". */
const show = (board: Board, k: Corner) => {
  const r0 = Math.min(board.row(k.c), board.row(k.q));
  const c0 = Math.min(board.col(k.c), board.col(k.q));
  const [tl, tr, bl, br] = [board.at(r0, c0), board.at(r0, c0 + 1), board.at(r0 + 1, c0), board.at(r0 + 1, c0 + 1)];
  const v = (i: number) => board.value(i);
  return `corner ${board.label(k.c)} (square ${board.label(tl)}-${board.label(br)}: ${v(tl)} ${v(tr)} / ${v(bl)} ${v(br)})`;
};

export function CP(board: Board): Deduction[] {
  const out: Deduction[] = [];
  for (const k of corners(board)) {
    const v = (i: number) => board.value(i);
    const horizontal = v(k.c) === v(k.s1) && v(k.s2) === v(k.q);
    const vertical = v(k.c) === v(k.s2) && v(k.s1) === v(k.q);
    if (!horizontal && !vertical) continue;
    const d = openDeduction(
      board,
      'CP',
      [
        { cell: k.c, colour: 'black' },
        { cell: k.q, colour: 'black' },
        { cell: k.s1, colour: 'white' },
        { cell: k.s2, colour: 'white' },
      ],
      [k.c, k.s1, k.s2, k.q],
      `${show(board, k)} holds two pairs, so ${board.label(k.c)} and ${board.label(k.q)} black, ${board.label(k.s1)} and ${board.label(k.s2)} white`,
    );
    if (d) out.push(d);
  }
  return out;
}

export function DoT(board: Board): Deduction[] {
  const out: Deduction[] = [];
  for (const k of corners(board)) {
    const v = (i: number) => board.value(i);
    const add = (cells: CellColour[], why: string) => {
      const d = openDeduction(board, 'DoT', cells, [k.c, k.s1, k.s2, k.q], `${show(board, k)}: ${why}`);
      if (d) out.push(d);
    };
    if (v(k.c) === v(k.s1) && v(k.c) === v(k.s2)) {
      add(
        [
          { cell: k.c, colour: 'black' },
          { cell: k.s1, colour: 'white' },
          { cell: k.s2, colour: 'white' },
        ],
        `the corner and both its neighbours show ${v(k.c)}, so ${board.label(k.c)} black, ${board.label(k.s1)} and ${board.label(k.s2)} white`,
      );
    }
    if (v(k.s1) === v(k.q) && v(k.s2) === v(k.q)) {
      add(
        [
          { cell: k.q, colour: 'black' },
          { cell: k.s1, colour: 'white' },
          { cell: k.s2, colour: 'white' },
        ],
        `both neighbours of the corner and the diagonal show ${v(k.q)}, so ${board.label(k.q)} black, ${board.label(k.s1)} and ${board.label(k.s2)} white`,
      );
    }
    if (v(k.c) === v(k.q)) {
      if (v(k.s1) === v(k.c))
        add(
          [{ cell: k.s2, colour: 'white' }],
          `${board.label(k.c)}, ${board.label(k.q)} and ${board.label(k.s1)} show ${v(k.c)}, so ${board.label(k.s2)} white`,
        );
      if (v(k.s2) === v(k.c))
        add(
          [{ cell: k.s1, colour: 'white' }],
          `${board.label(k.c)}, ${board.label(k.q)} and ${board.label(k.s2)} show ${v(k.c)}, so ${board.label(k.s1)} white`,
        );
    }
  }
  return out;
}
