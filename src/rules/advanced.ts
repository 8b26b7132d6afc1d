/**
 * Advanced techniques (class C of the thesis): two neighbouring lines and the lines across them.
 * Both depend only on the numbers; neither needs connectivity or uniqueness.
 *
 * DP  ("Double Pair", Tatham's IP): two neighbouring cells A (number a) and B (number b), say A
 *     above B; another a in A's row and another b in B's row sit diagonally to each other (A' and
 *     B'). Then the other two cells of the 2x2 square of A' and B' are white. Sound: A and B are
 *     not both black (rule 2), so A or B is white, so A' or B' is black (rule 1); each of the two
 *     cells touches both A' and B', so it is white (rule 2). Also when a = b.
 * SbP ("Single between Pairs", Tatham's MP): two such pairs, A1 over B1 and A2 over B2, with
 *     A1, A2 in one row showing a and B1, B2 in the next row showing b. Then every other a of
 *     that row and every other b of the next row is black. Sound: A1 or A2 is black and B1 or B2
 *     is black (rule 1); if both A's were black both B's would be white (rule 2), a repeat; so
 *     exactly one a and one b of the pairs are white, and any other a or b is black (rule 1).
 * Both also hold turned a quarter (pairs side by side, duplicates down the columns).
 */
import { Limit } from '../control/limit.js';
import type { Board } from './board.js';
import { dirOfPair, inScope, openDeduction } from './lines.js';
import type { Deduction, Scope } from './types.js';

/**
 * Each pair of neighbours (A, B), A above or left of B, with the direction along which its
 * duplicates lie. Past the limit the pairs end (checked every 1,024 cells): a pass over a
 * 1000x1000 grid takes about a second, and what it found by then is sound.
 */
function* pairs(board: Board, scope: Scope, limit = Limit.none): Generator<{ a: number; b: number; along: 'H' | 'V' }> {
  for (let a = 0; a < board.n; a++) {
    if ((a & 1023) === 1023 && limit.expired) return;
    for (const b of board.neighbours(a)) {
      if (b < a) continue;
      // A vertical pair (A over B) finds its duplicates along rows, a horizontal one along columns.
      const along = dirOfPair(board, a, b) === 'V' ? 'H' : 'V';
      if (inScope(scope, along)) yield { a, b, along };
    }
  }
}

/** The other cells of x's number in the line through x along `along` (its row for 'H'): its line mates there. */
function dupsAlong(board: Board, x: number, along: 'H' | 'V'): number[] {
  const same = along === 'H' ? (j: number) => board.row(j) === board.row(x) : (j: number) => board.col(j) === board.col(x);
  return Array.from(board.mates(x)).filter(same);
}

export function DP(board: Board, scope: Scope = {}, limit?: Limit): Deduction[] {
  const out: Deduction[] = [];
  for (const { a, b, along } of pairs(board, scope, limit)) {
    for (const a2 of dupsAlong(board, a, along)) {
      for (const b2 of dupsAlong(board, b, along)) {
        // A' and B' diagonal: one step across the pair's lines, one step along them.
        const y1 = along === 'H' ? board.at(board.row(a), board.col(b2)) : board.at(board.row(b2), board.col(a));
        const y2 = along === 'H' ? board.at(board.row(b), board.col(a2)) : board.at(board.row(a2), board.col(b));
        const step = along === 'H' ? Math.abs(board.col(a2) - board.col(b2)) : Math.abs(board.row(a2) - board.row(b2));
        if (step !== 1) continue;
        const d = openDeduction(
          board,
          'DP',
          [
            { cell: y1, colour: 'white' },
            { cell: y2, colour: 'white' },
          ],
          [a, b, a2, b2],
          `${board.value(a)} ${board.value(b)} at ${board.label(a)}, ${board.label(b)} are not both black, so ${board.label(a2)} (${board.value(a2)}) or ${board.label(b2)} (${board.value(b2)}) is black; their common neighbours ${board.label(y1)} and ${board.label(y2)} are white`,
        );
        if (d) out.push(d);
      }
    }
  }
  return out;
}

export function SbP(board: Board, scope: Scope = {}, limit?: Limit): Deduction[] {
  const out: Deduction[] = [];
  for (const { a: a1, b: b1, along } of pairs(board, scope, limit)) {
    for (const a2 of dupsAlong(board, a1, along)) {
      if (a2 < a1) continue;
      // B2 is to A2 what B1 is to A1.
      const b2 = a2 + (b1 - a1);
      if (board.value(b2) !== board.value(b1)) continue;
      const otherA = dupsAlong(board, a1, along).filter((x) => x !== a2);
      const otherB = dupsAlong(board, b1, along).filter((x) => x !== b2);
      const made = [...otherA, ...otherB];
      if (made.length === 0) continue;
      const d = openDeduction(
        board,
        'SbP',
        made.map((cell) => ({ cell, colour: 'black' })),
        [a1, b1, a2, b2, ...made],
        `the pairs ${board.value(a1)} ${board.value(b1)} at ${board.label(a1)}, ${board.label(b1)} and ${board.label(a2)}, ${board.label(b2)} keep exactly one ${board.value(a1)} and one ${board.value(b1)} white, so ${made.map((x) => `${board.label(x)} (${board.value(x)})`).join(', ')} ${made.length > 1 ? 'are' : 'is'} black`,
      );
      if (d) out.push(d);
    }
  }
  return out;
}
