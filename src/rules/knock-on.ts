/**
 * The knock-on rules as steps of an explanation. The rules themselves are the kernel's
 * (kernel.ts): NoB, a black cell's neighbours are white (rule 2), and DoW, a white cell's line
 * mates are black (rule 1). A board carries them out after every change (Board.apply), telling
 * each cell's effects as one step (`knockOn`); as techniques (`owedKnockOns`) they find what a
 * board given from outside still owes, such as a player's marks for a hint.
 */
import type { Board } from './board.js';
import { BLACK, WHITE } from './cell-state.js';
import { Why } from './kernel.js';
import { listing, plural } from './lines.js';
import type { Colour, Deduction } from './types.js';

/** The step that tells the knock-on effects `made` of cell `from` (black for NoB, white for DoW). */
export function knockOn(board: Board, rule: 'NoB' | 'DoW', from: number, made: readonly number[]): Deduction {
  const list = listing(made.map((j) => board.label(j)));
  const many = made.length > 1;
  const reason =
    rule === 'NoB'
      ? `${board.label(from)} is black, so its neighbour${plural(made.length, '', 's')} ${list} ${many ? 'are' : 'is'} white`
      : `${board.label(from)} (${board.value(from)}) is white, so the other ${board.value(from)}${plural(made.length, '', 's')} in its row and column (${list}) ${many ? 'are' : 'is'} black`;
  const colour: Colour = rule === 'NoB' ? 'white' : 'black';
  const given = [{ cell: from, colour: rule === 'NoB' ? ('black' as const) : ('white' as const) }];
  return { technique: rule, cells: made.map((cell) => ({ cell, colour })), premises: [from], reason, given };
}

/**
 * The knock-on effects the board has not carried out, one step per black (NoB) or white (DoW)
 * cell: each cell's effects are taken on the kernel and taken back at once, so the board is left
 * as it was. A cell whose effect clashes with the board names the clashing cell too, so that
 * applying the step finds the contradiction.
 */
export function owedKnockOns(board: Board, rule: 'NoB' | 'DoW'): Deduction[] {
  const out: Deduction[] = [];
  const kernel = board.geo.kernel;
  const { state } = board;
  const colour = rule === 'NoB' ? BLACK : WHITE;
  kernel.restart(state, board.whiteCount);
  for (let i = 0; i < board.n; i++) {
    if (state[i] !== colour) continue;
    const ok = kernel.knockOn(i);
    const made = Array.from(kernel.trail.subarray(0, kernel.size));
    if (!ok) made.push(kernel.conflict);
    kernel.undo(0);
    if (made.length > 0) out.push(knockOn(board, rule, i, made));
  }
  return out;
}

/** The rule that made a cell by the kernel's record of why (NoB or DoW: the only knock-ons a board's kernel makes). */
export const knockOnRule = (why: number): 'NoB' | 'DoW' => (why === Why.NoB ? 'NoB' : 'DoW');
