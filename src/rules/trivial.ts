/**
 * Trivial techniques (class A of the thesis).
 *
 * UC  ("Unique Cell"): a cell whose number no other non-black cell of its row or column shows is
 *     white. ASSUMES UNIQUENESS. Under the three rules as written it is not a consequence: such a
 *     cell may well be black in some solution. But if a solution T has it black, unshading it
 *     gives another solution: rule 1 holds (no other white cell of the line shows its number),
 *     rule 2 holds (fewer black cells), rule 3 holds (its neighbours are white in T, since it is
 *     black, so it joins the white region). So a puzzle with a unique solution never shades it.
 *     Deductions made with it are sound "up to unshading": see uniqueness.ts for the check that
 *     turns a solution found with UC into a proof of uniqueness. The thesis also applies UC when
 *     a cell becomes unique after its duplicates are blacked out; the same argument covers that.
 * NoB ("Neighbours of Black cells"): the neighbours of a black cell are white. Sound: rule 2.
 *     The board applies it as a knock-on effect of every black cell (board.ts); this function
 *     finds what a board given from outside still owes.
 */
import type { Board } from './board.js';
import { labels } from './lines.js';
import type { Deduction } from './types.js';

export function UC(board: Board): Deduction[] {
  const out: Deduction[] = [];
  for (let i = 0; i < board.n; i++) {
    if (!board.isUnknown(i)) continue;
    const mates = board.mates(i);
    let live = false;
    for (const j of mates) {
      if (!board.isBlack(j)) {
        live = true;
        break;
      }
    }
    if (live) continue;
    const v = board.value(i);
    const reason =
      mates.length === 0
        ? `${board.label(i)} is the only ${v} in its row and column, so it is white`
        : `the other ${v}s in the row and column of ${board.label(i)} (${labels(board, [...mates])}) are black, so it is white`;
    out.push({ technique: 'UC', cells: [{ cell: i, colour: 'white' }], premises: [...mates], reason, usedUniqueness: true });
  }
  return out;
}

export function NoB(board: Board): Deduction[] {
  const out: Deduction[] = [];
  for (let i = 0; i < board.n; i++) {
    if (!board.isBlack(i)) continue;
    const made = [...board.neighbours(i)].filter((j) => !board.isWhite(j));
    if (made.length === 0) continue;
    out.push({
      technique: 'NoB',
      cells: made.map((cell) => ({ cell, colour: 'white' })),
      premises: [i],
      reason: `${board.label(i)} is black, so ${labels(board, made)} ${made.length > 1 ? 'are' : 'is'} white`,
    });
  }
  return out;
}
